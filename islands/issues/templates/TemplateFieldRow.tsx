import { ISSUE_LIMITS } from "../../../src/modules/issues/limits";
import { useT } from "../../lib/ui/i18n";
import type { Template } from "../types";

export type TemplateField = Template["fields"][number] & { key: number };

interface Props {
  id: string;
  field: TemplateField;
  /** The field types, in the server's order (TEMPLATE_FIELD_TYPES, passed by the page: no schema code in the bundle). */
  types: readonly TemplateField["type"][];
  /** The server's complaint about this field, in words. */
  error: string;
  /** A field just added takes the focus. */
  focus: boolean;
  onChange: (field: TemplateField) => void;
  onRemove: () => void;
}

/** One field of a template: name, type, required, a LIST's options, the server's complaint, Remove. */
export function TemplateFieldRow({ id, field, types, error, focus, onChange, onRemove }: Props) {
  const { t } = useT();
  return (
    <li className="tt-field">
      <div className="field">
        <label htmlFor={`${id}-name`}>{t("issue.templates.fieldName")}</label>
        <input id={`${id}-name`} required autoFocus={focus} maxLength={ISSUE_LIMITS.fieldName} autoComplete="off" value={field.name} onChange={(e) => onChange({ ...field, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>{t("issue.templates.fieldType")}</label>
        <select id={`${id}-type`} value={field.type} onChange={(e) => onChange({ ...field, type: e.target.value as TemplateField["type"] })}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`issue.templates.type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="td-check">
        <input type="checkbox" checked={field.required} onChange={(e) => onChange({ ...field, required: e.target.checked })} /> {t("issue.templates.required")}
      </label>
      <div className="field" hidden={field.type !== "LIST"}>
        <label htmlFor={`${id}-options`}>{t("issue.templates.options")}</label>
        <input id={`${id}-options`} maxLength={ISSUE_LIMITS.fieldOptions} autoComplete="off" value={field.options ?? ""} onChange={(e) => onChange({ ...field, options: e.target.value })} />
      </div>
      <p className="field__error" hidden={!error}>
        {error}
      </p>
      <button type="button" className="btn btn--ghost" onClick={onRemove}>
        {t("issue.templates.removeField")}
      </button>
    </li>
  );
}
