import { NumberField } from "../lib/ui/NumberField";
import type { TemplateField } from "./field-text";
import { personName, type Person } from "./types";

interface Props {
  field: TemplateField;
  id: string;
  /** What is typed or chosen, as text; a BOOLEAN's "true" or "". */
  value: string;
  members: Person[];
  /** The server's complaint about this field. */
  error: string;
  /** The form was sent once: a number field shows why its text is no number. */
  checked: boolean;
  onChange: (value: string) => void;
}

/** One template field's control in the creation dialog, by its type; required ones are marked for the browser and for people. */
export function TemplateFieldInput({ field, id, value, members, error, checked, onChange }: Props) {
  const label = field.required ? `${field.name} *` : field.name;
  const required = field.required && field.type !== "BOOLEAN";
  const complaint = (
    <p className="field__error" id={`${id}-refused`} hidden={!error}>
      {error}
    </p>
  );
  if (field.type === "NUMBER") {
    return (
      <>
        <NumberField id={id} label={label} value={value} onChange={onChange} required={required} checked={checked} />
        {complaint}
      </>
    );
  }
  if (field.type === "BOOLEAN") {
    return (
      <div className="field tc-check">
        <input id={id} type="checkbox" checked={value === "true"} aria-describedby={`${id}-refused`} onChange={(event) => onChange(event.target.checked ? "true" : "")} />
        <label htmlFor={id}>{label}</label>
        {complaint}
      </div>
    );
  }
  const common = { id, required, value, "aria-describedby": `${id}-refused`, "aria-invalid": error ? true : undefined };
  const options =
    field.type === "LIST"
      ? (field.options ?? "").split(",").map((o) => o.trim()).filter(Boolean).map((o) => [o, o] as const)
      : members.map((m) => [String(m.id), personName(m)] as const);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.type === "LIST" || field.type === "USER" ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="" />
          {options.map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type === "DATE" ? "date" : "text"} onChange={(event) => onChange(event.target.value)} />
      )}
      {complaint}
    </div>
  );
}
