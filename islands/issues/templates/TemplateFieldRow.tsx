import { mdiArrowDown, mdiArrowUp } from "@mdi/js";
import { Icon } from "../../lib/ui/Icon";
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
  /** Moves the field one place up (-1) or down (1); absent where it cannot go. */
  onMove: { up?: () => void; down?: () => void };
}

/** One field of a template: name, type, required, a LIST's options, the server's complaint, Move up, Move down, Remove. */
export function TemplateFieldRow({ id, field, types, error, focus, onChange, onRemove, onMove }: Props) {
  const { t, tf } = useT();
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
      <span className="tt-field__tools">
        <button type="button" className="btn btn--ghost" aria-label={tf("issue.templates.moveUp", { name: field.name })} disabled={!onMove.up} onClick={onMove.up}>
          <Icon path={mdiArrowUp} />
        </button>
        <button type="button" className="btn btn--ghost" aria-label={tf("issue.templates.moveDown", { name: field.name })} disabled={!onMove.down} onClick={onMove.down}>
          <Icon path={mdiArrowDown} />
        </button>
        <button type="button" className="btn btn--ghost" onClick={onRemove}>
          {t("issue.templates.removeField")}
        </button>
      </span>
    </li>
  );
}
