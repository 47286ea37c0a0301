import { useT } from "../lib/ui/i18n";

/** A project category as a page hands it to a component. */
export interface CategoryChoice {
  id: number;
  name: string;
  type: string | null;
}

/** The categories grouped by type, the untyped ones first. */
function grouped(categories: CategoryChoice[]) {
  const groups = new Map<string, CategoryChoice[]>();
  for (const category of categories) groups.set(category.type ?? "", [...(groups.get(category.type ?? "") ?? []), category]);
  return [...groups.entries()].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
}

/**
 * Checkboxes for a project's categories, grouped by type: the upload wizard, the new-item dialog and
 * the edit dialog. `chosen` holds the ticked ids.
 */
export function CategoryChecks({ categories, legend, chosen, onChange }: { categories: CategoryChoice[]; legend: string; chosen: number[]; onChange: (chosen: number[]) => void }) {
  const { t } = useT();
  const ticked = new Set(chosen);
  return (
    <fieldset className="cat-checks">
      <legend>{legend}</legend>
      {categories.length === 0 && <p className="dl-muted">{t("data.wizard.noCategories")}</p>}
      {grouped(categories).map(([type, list]) => (
        <fieldset key={type} className="cat-checks__group">
          <legend>{type || t("data.wizard.noType")}</legend>
          {list.map((c) => (
            <label key={c.id} className="switch">
              <input type="checkbox" name="category" value={c.id} checked={ticked.has(c.id)} onChange={(event) => onChange(event.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))} /> {c.name}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
