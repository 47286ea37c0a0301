import { useEffect, useState } from "react";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import type { KindFieldsProps } from "./kinds";

type Template = { id: number; name: string };

/** A points layer's templates, chosen by an administrator (binding is theirs); others are told who binds them. */
export function PoiKindFields({ draft, change, canAdmin }: KindFieldsProps) {
  const { t } = useT();
  const [templates, setTemplates] = useState<Template[]>();
  useEffect(() => {
    if (canAdmin) call(server["layer-poi-template"].get()).then((list) => setTemplates(list.filter((x) => x.isActive)), () => setTemplates([]));
  }, [canAdmin]);
  if (!canAdmin) return <p className="lc-hint">{t("layer.create.templatesByAdmin")}</p>;
  const toggle = (id: number, on: boolean) => change({ templateIds: on ? [...draft.templateIds, id] : draft.templateIds.filter((x) => x !== id) });
  return (
    <fieldset className="lc-templates">
      <legend>{t("layer.create.templates")}</legend>
      {templates?.length === 0 && <p className="lc-hint">{t("layer.create.noTemplates")}</p>}
      {templates?.map((template) => (
        <label key={template.id}>
          <input type="checkbox" checked={draft.templateIds.includes(template.id)} onChange={(event) => toggle(template.id, event.target.checked)} />
          {template.name}
        </label>
      ))}
    </fieldset>
  );
}
