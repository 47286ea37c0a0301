import { useEffect, useState } from "react";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { useIsAdmin } from "./admin";

type Template = { id: number; name: string; isActive: boolean };

/** A points layer's templates; an administrator adds and removes them (spec 3: 'Шаблон добавлен' / 'Шаблон удален'). */
export function TemplateBindings({ layerId }: { layerId: number }) {
  const { t } = useT();
  const admin = useIsAdmin();
  const [bound, setBound] = useState<Template[]>();
  const [all, setAll] = useState<Template[]>([]);
  const [chosen, setChosen] = useState("");
  useEffect(() => {
    call(server.layer["get-poi-templates"].get({ query: { layerId } })).then((layer) => setBound(layer.poiTemplates), () => setBound([]));
  }, [layerId]);
  useEffect(() => {
    if (admin) call(server["layer-poi-template"].get()).then(setAll, () => undefined);
  }, [admin]);
  const bind = async (templateId: number, on: boolean) => {
    try {
      const route = on ? server.layer["bind-poi-template"] : server.layer["unbind-poi-template"];
      setBound((await call(route.post({}, { query: { layerId, templateId } }))).poiTemplates);
      setChosen("");
      snack(t(on ? "layer.settings.templateAdded" : "layer.settings.templateRemoved"), "success");
    } catch (error) {
      snack(errorText(error), "error");
    }
  };
  if (!bound) return null;
  const addable = all.filter((template) => template.isActive && !bound.some((b) => b.id === template.id));
  return (
    <section aria-labelledby="ls-templates">
      <h3 id="ls-templates">{t("layer.create.templates")}</h3>
      {bound.length === 0 && <p className="lc-hint">{t("layer.settings.noTemplates")}</p>}
      <ul className="ls-list" id="ls-template-list">
        {bound.map((template) => (
          <li key={template.id}>
            <span>{template.name}</span>
            {admin && (
              <button type="button" className="btn btn--ghost" onClick={() => void bind(template.id, false)}>
                {t("layer.settings.unbind")}
                <span className="visually-hidden"> {template.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {admin && addable.length > 0 && (
        <div className="ls-row">
          <div className="field">
            <label htmlFor="ls-bind">{t("layer.settings.addTemplate")}</label>
            <select id="ls-bind" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="" />
              {addable.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn" disabled={!chosen} onClick={() => void bind(Number(chosen), true)}>
            {t("layer.settings.bind")}
          </button>
        </div>
      )}
    </section>
  );
}
