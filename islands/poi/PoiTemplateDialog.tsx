import { mdiPlus } from "@mdi/js";
import { type FormEvent, useId, useState } from "react";
import type { MessageKey } from "../../locales/en";
import { GRAPH_TYPES } from "../../src/modules/poi/rules/kinds";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { Style } from "./StyleDialog";
import { bodyOf, type DraftField, type DraftRule, draftOf, newField, newRule, swapped, type Template } from "./template-draft";
import { FieldRow, RuleRow, StyleSelect } from "./TemplateRows";

interface Props {
  editing?: Template;
  styles: Style[];
  /** A system administrator sees Activate or Deactivate. */
  canActivate: boolean;
  onSaved: (template: Template) => void;
  onClose: () => void;
}

/** The point template dialog: name, graph type, default style, style rules, fields; Cancel, Activate/Deactivate, Save. */
export function PoiTemplateDialog({ editing, styles, canActivate, onSaved, onClose }: Props) {
  const { t } = useT();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? "");
  const [graphType, setGraphType] = useState<Template["graphType"]>(editing?.graphType ?? "POINT");
  const [defaultStyleId, setDefaultStyleId] = useState(editing?.defaultLayerPoiStyle?.id);
  const [draft, setDraft] = useState(() => draftOf(editing));
  const [busy, setBusy] = useState(false);

  const changeField = (key: number, patch: Partial<DraftField>) => setDraft((d) => ({ ...d, fields: d.fields.map((f) => (f.key === key ? { ...f, ...patch } : f)) }));
  const changeRule = (key: number, patch: Partial<DraftRule>) => setDraft((d) => ({ ...d, rules: d.rules.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await call(server["layer-poi-template"].post(bodyOf({ id: editing?.id, name, graphType, defaultStyleId, ...draft })));
      snack(t("poi.templates.saved"), "success");
      onSaved(saved);
    } catch (error) {
      reportFailure(error, t("poi.templates.saveFailed"));
      setBusy(false);
    }
  }

  async function toggle(template: Template) {
    const activate = !template.isActive;
    try {
      const route = server["layer-poi-template"][activate ? "activate" : "deactivate"];
      onSaved(await call(route.post({}, { query: { id: template.id } })));
      snack(t(activate ? "poi.templates.activated" : "poi.templates.deactivated"), "success");
    } catch (error) {
      reportFailure(error, t("poi.templates.activationFailed"));
    }
  }

  return (
    <Dialog title={t(editing ? "poi.templates.edit" : "poi.templates.new")} className="poi-template" onClose={onClose}>
      <form onSubmit={save} className="poi-template__form">
        <label htmlFor={`${id}-name`}>{t("poi.templates.name")}</label>
        <input id={`${id}-name`} required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-graph`}>{t("poi.templates.graphType")}</label>
        <select id={`${id}-graph`} value={graphType} onChange={(e) => setGraphType(e.target.value as Template["graphType"])}>
          {GRAPH_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`poi.graphType.${type}` as MessageKey)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-style`}>{t("poi.templates.defaultStyle")}</label>
        <StyleSelect id={`${id}-style`} styles={styles} value={defaultStyleId} onChange={setDefaultStyleId} />
        <h3>{t("poi.templates.fields")}</h3>
        <ol className="poi-template__rows">
          {draft.fields.map((field, i) => (
            <FieldRow
              key={field.key}
              field={field}
              number={i + 1}
              change={(patch) => changeField(field.key, patch)}
              move={(by) => setDraft((d) => ({ ...d, fields: swapped(d.fields, i, by) }))}
              remove={() => setDraft((d) => ({ fields: d.fields.filter((f) => f.key !== field.key), rules: d.rules.map((r) => (r.fieldKey === field.key ? { ...r, fieldKey: undefined } : r)) }))}
            />
          ))}
        </ol>
        <button type="button" className="btn btn--ghost" onClick={() => setDraft((d) => ({ ...d, fields: [...d.fields, newField()] }))}>
          <Icon path={mdiPlus} />
          {t("poi.templates.addField")}
        </button>
        <h3>{t("poi.templates.rules")}</h3>
        <ol className="poi-template__rows">
          {draft.rules.map((rule, i) => (
            <RuleRow
              key={rule.key}
              rule={rule}
              fields={draft.fields}
              styles={styles}
              change={(patch) => changeRule(rule.key, patch)}
              move={(by) => setDraft((d) => ({ ...d, rules: swapped(d.rules, i, by) }))}
              remove={() => setDraft((d) => ({ ...d, rules: d.rules.filter((r) => r.key !== rule.key) }))}
            />
          ))}
        </ol>
        <button type="button" className="btn btn--ghost" onClick={() => setDraft((d) => ({ ...d, rules: [...d.rules, newRule()] }))}>
          <Icon path={mdiPlus} />
          {t("poi.templates.addRule")}
        </button>
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          {editing && canActivate && (
            <button type="button" className="btn btn--ghost" onClick={() => void toggle(editing)}>
              {t(editing.isActive ? "poi.templates.deactivate" : "poi.templates.activate")}
            </button>
          )}
          <button type="submit" className="btn" disabled={busy}>
            {t("poi.templates.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
