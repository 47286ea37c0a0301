import { useT } from "../lib/ui/i18n";

export interface CategoryChoice {
  id: number;
  name: string;
  type: string | null;
}

interface Props {
  categories: CategoryChoice[];
  legend: string;
  /** The checks' name ("category" unless told). */
  name?: string;
  checked: number[];
  disabled?: boolean;
  onChange: (ids: number[]) => void;
}

/** A project's categories as checks (value = id), grouped by type with the untyped ones first. */
export function CategoryChecks({ categories, legend, name = "category", checked, disabled, onChange }: Props) {
  const { t } = useT();
  const groups = new Map<string, CategoryChoice[]>();
  for (const category of categories) groups.set(category.type ?? "", [...(groups.get(category.type ?? "") ?? []), category]);
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
  const ticked = new Set(checked);
  return (
    <fieldset className="cat-checks">
      <legend>{legend}</legend>
      {ordered.map(([type, list]) => (
        <fieldset key={type} className="cat-checks__group">
          <legend>{type || t("data.wizard.noType")}</legend>
          {list.map((c) => (
            <label key={c.id} className="switch">
              <input
                type="checkbox"
                name={name}
                value={c.id}
                checked={ticked.has(c.id)}
                disabled={disabled}
                onChange={(event) => onChange(event.target.checked ? [...checked, c.id] : checked.filter((id) => id !== c.id))}
              />{" "}
              {c.name}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
