import { type FormEvent, useState } from "react";
import { useT } from "../lib/ui/i18n";
import type { Criterion, Field } from "./store";

/** Spec 3: the table filters by text, list and yes/no fields only. */
const FILTERED = new Set(["STRING", "LIST", "BOOLEAN"]);

export const filterableFields = (fields: Field[]) => fields.filter((field) => FILTERED.has(field.type));

/** The criteria of what the form holds: text trimmed, empty choices left out. */
function criteriaOf(fields: Field[], values: Record<number, string>): Criterion[] {
  return fields.flatMap((field): Criterion[] => {
    const value = values[field.id]?.trim();
    if (!value) return [];
    if (field.type === "BOOLEAN") return [{ fieldId: field.id, dataType: "BOOLEAN" as const, value: value === "true" }];
    return [{ fieldId: field.id, dataType: field.type as "STRING" | "LIST", value }];
  });
}

/** The table's filter form: a text box per text field, a choice per list and yes/no field; Apply and Reset. */
export function ObjectFilters({ fields, onFilter }: { fields: Field[]; onFilter: (criteria: Criterion[]) => void }) {
  const { t } = useT();
  const [values, setValues] = useState<Record<number, string>>({});
  const set = (id: number, value: string) => setValues((old) => ({ ...old, [id]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(criteriaOf(fields, values));
  };
  if (fields.length === 0) return null;
  return (
    <form className="pt-filters" id="pt-filters" aria-label={t("layer.table.filters")} onSubmit={submit}>
      {fields.map((field) => {
        const id = `pt-filter-${field.id}`;
        const value = values[field.id] ?? "";
        return (
          <div className="field" key={field.id}>
            <label htmlFor={id}>{field.name}</label>
            {field.type === "STRING" ? (
              <input id={id} type="search" autoComplete="off" value={value} onChange={(event) => set(field.id, event.target.value)} />
            ) : (
              <select id={id} value={value} onChange={(event) => set(field.id, event.target.value)}>
                <option value="">{t("layer.table.any")}</option>
                {field.type === "BOOLEAN" ? (
                  <>
                    <option value="true">{t("common.yes")}</option>
                    <option value="false">{t("common.no")}</option>
                  </>
                ) : (
                  (field.options ?? "")
                    .split(",")
                    .map((option) => option.trim())
                    .filter(Boolean)
                    .map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))
                )}
              </select>
            )}
          </div>
        );
      })}
      <div className="pt-filters__actions">
        <button type="submit" className="btn" id="pt-filter-apply">
          {t("layer.table.apply")}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setValues({});
            onFilter([]);
          }}
        >
          {t("layer.table.reset")}
        </button>
      </div>
    </form>
  );
}
