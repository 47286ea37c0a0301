import type { ReactElement } from "react";
import type { MessageKey } from "../../../locales/en";
import { listOptions } from "../../../src/modules/poi/rules/values";
import { useT } from "../../lib/ui/i18n";
import { type Entry, numberInput, type TemplateField } from "./form-values";

interface Props {
  field: TemplateField;
  entry: Entry | undefined;
  onChange: (entry: Entry) => void;
  /** The translated problem key, shown once the form was checked (or the server said so). */
  problem?: string;
  /** A computed field's value, worked out from the number fields as typed. */
  computed?: unknown;
  /** A DATA_TABLE field's choices, from its table's column. */
  tableOptions?: string[];
  readOnly: boolean;
}

/** One attribute of an object, with the control its type takes (spec 3 section 3, the ten field types). */
export function FieldInput({ field, entry, onChange, problem, computed, tableOptions, readOnly }: Props) {
  const { t, locale } = useT();
  const id = `poi-field-${field.id}`;
  const text = typeof entry === "string" ? entry : "";
  const common = { id, "aria-invalid": Boolean(problem), "aria-describedby": `${id}-error`, disabled: readOnly, required: field.required };
  const label = (
    <label htmlFor={id}>
      {field.name}
      {field.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  const error = (
    <span className="field__error" id={`${id}-error`}>
      {problem ? t(problem as MessageKey) : ""}
    </span>
  );
  if (field.type === "BOOLEAN") {
    return (
      <div className="field map-object__field">
        <label className="map-object__check">
          <input type="checkbox" {...common} required={false} checked={entry === true} onChange={(event) => onChange(event.target.checked)} />
          {field.name}
        </label>
        {error}
      </div>
    );
  }
  if (field.type === "MULTIPLE_LIST") {
    const chosen = Array.isArray(entry) ? entry : [];
    return (
      <fieldset className="map-object__field" aria-describedby={`${id}-error`} disabled={readOnly}>
        <legend>
          {field.name}
          {field.required && <span aria-hidden="true"> *</span>}
        </legend>
        {listOptions(field.options).map((option) => (
          <label key={option} className="map-object__check">
            <input type="checkbox" checked={chosen.includes(option)} onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((x) => x !== option))} />
            {option}
          </label>
        ))}
        {error}
      </fieldset>
    );
  }
  let control: ReactElement;
  if (field.type === "COMPUTED_FIELD") {
    const value = typeof computed === "number" ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(computed) : "";
    control = <output id={id} className="map-object__computed" title={field.options ?? ""}>{value || "—"}</output>;
  } else if (field.type === "LIST" || field.type === "DATA_TABLE") {
    const options = field.type === "LIST" ? listOptions(field.options) : (tableOptions ?? (text ? [text] : []));
    control = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("map.object.notChosen")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === "NUMBER") {
    control = <input {...common} type="text" inputMode="decimal" autoComplete="off" value={text} onChange={(event) => onChange(numberInput(event.target.value))} />;
  } else {
    const type = field.type === "DATE" ? "date" : field.type === "LINK" ? "url" : "text";
    control = <input {...common} type={type} value={text} onChange={(event) => onChange(event.target.value)} />;
    if (field.type === "CUSTOM_LINK") {
      control = (
        <span className="map-object__prefixed">
          <span className="map-object__prefix">{field.options}</span>
          {control}
        </span>
      );
    }
  }
  return (
    <div className="field map-object__field">
      {label}
      {control}
      {error}
    </div>
  );
}
