import { useId } from "react";

/** A project category as a picker shows it. */
export interface CategoryChoice {
  id: number;
  name: string;
  type: string | null;
}

/** The pickers' texts, which belong to the data lists' section (pages that embed other strings hand them over). */
interface CategoryTexts {
  none: string;
  noType: string;
}

interface Props {
  categories: CategoryChoice[];
  texts: CategoryTexts;
  legend: string;
  ticked: number[];
  onChange: (ticked: number[]) => void;
}

/** A project's categories as check boxes grouped by type, the untyped ones first: the chart wizard's and the table import's. */
export function CategoryChecks({ categories, texts, legend, ticked, onChange }: Props) {
  const name = useId();
  const groups = new Map<string, CategoryChoice[]>();
  for (const category of categories) groups.set(category.type ?? "", [...(groups.get(category.type ?? "") ?? []), category]);
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
  const chosen = new Set(ticked);
  const tick = (id: number, on: boolean) => onChange(on ? [...ticked, id] : ticked.filter((other) => other !== id));
  return (
    <fieldset className="cat-checks">
      <legend>{legend}</legend>
      {categories.length === 0 && <p className="dl-muted">{texts.none}</p>}
      {ordered.map(([type, list]) => (
        <fieldset key={type} className="cat-checks__group">
          <legend>{type || texts.noType}</legend>
          {list.map((c) => (
            <label key={c.id} className="switch">
              <input type="checkbox" name={name} value={c.id} checked={chosen.has(c.id)} onChange={(event) => tick(c.id, event.target.checked)} /> {c.name}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
