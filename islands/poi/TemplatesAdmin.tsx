import { mdiPlus } from "@mdi/js";
import { useState } from "react";
import type { MessageKey } from "../../locales/en";
import type { Locale } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { PoiTemplateDialog } from "./PoiTemplateDialog";
import type { Style } from "./StyleDialog";
import type { Template } from "./template-draft";
import "./poi-admin.css";

interface Props {
  templates: Template[];
  styles: Style[];
  canActivate: boolean;
}

/** /admin/poi-templates: the point templates by name, New template, and the dialog that edits one. */
export default function TemplatesAdmin({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Templates {...props} />
    </Localized>
  );
}

function Templates({ templates: initial, styles, canActivate }: Props) {
  const { t } = useT();
  const [templates, setTemplates] = useState(initial);
  const [dialog, setDialog] = useState<{ editing?: Template }>();
  const saved = (template: Template) => {
    setTemplates((all) => (all.some((x) => x.id === template.id) ? all.map((x) => (x.id === template.id ? template : x)) : [...all, template]));
    setDialog(undefined);
  };
  return (
    <>
      <div className="poi-admin__head">
        <h1>{t("poi.templates.title")}</h1>
        <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setDialog({})}>
          <Icon path={mdiPlus} />
          {t("poi.templates.create")}
        </button>
      </div>
      <ul className="poi-admin__list">
        {templates.map((template) => (
          <li key={template.id}>
            <button type="button" className="poi-admin__item" aria-haspopup="dialog" onClick={() => setDialog({ editing: template })}>
              {template.name}
              <span className="badge">{t(`poi.graphType.${template.graphType}` as MessageKey)}</span>
              {!template.isActive && <span className="badge badge--off">{t("poi.templates.inactive")}</span>}
            </button>
          </li>
        ))}
      </ul>
      {dialog && <PoiTemplateDialog editing={dialog.editing} styles={styles} canActivate={canActivate} onSaved={saved} onClose={() => setDialog(undefined)} />}
    </>
  );
}
