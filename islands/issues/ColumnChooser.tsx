import { useT } from "../lib/ui/i18n";
import type { TemplateField } from "./field-text";

/** Which template fields the list shows as columns: a check per field. */
export function ColumnChooser({ fields, chosen, onChange }: { fields: TemplateField[]; chosen: string[]; onChange: (chosen: string[]) => void }) {
  const { t } = useT();
  if (!fields.length) return null;
  return (
    <fieldset className="cat-checks tl-columns">
      <legend>{t("issue.columnsTitle")}</legend>
      {fields.map((field, index) => (
        <label key={field.name} className="td-check" htmlFor={`tl-col-${index}`}>
          <input
            id={`tl-col-${index}`}
            type="checkbox"
            checked={chosen.includes(field.name)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, field.name] : chosen.filter((c) => c !== field.name))}
          />
          {field.name}
        </label>
      ))}
    </fieldset>
  );
}
