import { useT } from "./i18n";

/** A project category as a page hands it to a component. */
export interface CategoryChoice {
  id: number;
  name: string;
  type: string | null;
}

interface Props {
  categories: CategoryChoice[];
  legend: string;
  checked: number[];
  onChange: (checked: number[]) => void;
  /** The checks' name ("category" unless told). */
  name?: string;
  disabled?: boolean;
  /** Said in place of the checks when there are no categories; nothing unless given. */
  none?: string;
  /** The untyped categories' group (the data lists' word unless a page hands its own over). */
  noType?: string;
}

/** The categories grouped by type, the untyped ones first. */
function grouped(categories: CategoryChoice[]) {
  const groups = new Map<string, CategoryChoice[]>();
  for (const category of categories) groups.set(category.type ?? "", [...(groups.get(category.type ?? "") ?? []), category]);
  return [...groups.entries()].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
}

/**
 * A project's categories as checks (value = id), grouped by type: the data dialogs, the chart wizard, the
 * table import, the task dialogs and the task list's filters.
 */
export function CategoryChecks({ categories, legend, checked, onChange, name = "category", disabled, none, noType }: Props) {
  const { t } = useT();
  const ticked = new Set(checked);
  return (
    <fieldset className="cat-checks">
      <legend>{legend}</legend>
      {categories.length === 0 && none && <p className="dl-muted">{none}</p>}
      {grouped(categories).map(([type, list]) => (
        <fieldset key={type} className="cat-checks__group">
          <legend>{type || (noType ?? t("data.wizard.noType"))}</legend>
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
