import { useSignals } from "@preact/signals-react/runtime";
import type { RefObject } from "react";
import { LIMITS } from "../../src/modules/data/limits";
import { useT } from "../lib/ui/i18n";
import * as wizard from "./wizard";

/** A project category as the page hands it over. */
export interface CategoryChoice {
  id: number;
  name: string;
  type: string | null;
}

/** The categories' texts the page translated (they belong to the data lists' section). */
export interface CategoryTexts {
  none: string;
  noType: string;
}

/** The project's categories as checks, grouped by type with the untyped ones first. */
function CategoryChecks({ categories, texts }: { categories: CategoryChoice[]; texts: CategoryTexts }) {
  useSignals();
  const { t } = useT();
  const groups = new Map<string, CategoryChoice[]>();
  for (const category of categories) groups.set(category.type ?? "", [...(groups.get(category.type ?? "") ?? []), category]);
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
  const ticked = new Set(wizard.categoryIds.value);
  const tick = (id: number, on: boolean) => (wizard.categoryIds.value = on ? [...wizard.categoryIds.value, id] : wizard.categoryIds.value.filter((other) => other !== id));
  return (
    <fieldset className="cat-checks">
      <legend>{t("chart.wizard.categories")}</legend>
      {categories.length === 0 && <p className="dl-muted">{texts.none}</p>}
      {ordered.map(([type, list]) => (
        <fieldset key={type} className="cat-checks__group">
          <legend>{type || texts.noType}</legend>
          {list.map((c) => (
            <label key={c.id} className="switch">
              <input type="checkbox" name="chart-category" value={c.id} checked={ticked.has(c.id)} onChange={(event) => tick(c.id, event.target.checked)} /> {c.name}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

/** Step 2: the chart's name, description and categories. */
export function WizardInfo({ hidden, nameRef, categories, texts }: { hidden: boolean; nameRef: RefObject<HTMLInputElement | null>; categories: CategoryChoice[]; texts: CategoryTexts }) {
  useSignals();
  const { t } = useT();
  const nameError = wizard.nameError.value;
  return (
    <section className="chart-wizard__body" aria-label={t("chart.wizard.info")} hidden={hidden}>
      <p className="form-error" role="alert" hidden={!wizard.saveError.value}>
        {wizard.saveError.value}
      </p>
      <div className="field">
        <label htmlFor="chart-wizard-name">{t("chart.wizard.name")}</label>
        <input
          id="chart-wizard-name"
          ref={nameRef}
          maxLength={LIMITS.name}
          required
          autoComplete="off"
          aria-describedby="chart-wizard-name-error"
          aria-invalid={nameError ? true : undefined}
          value={wizard.name.value}
          onChange={(event) => (wizard.name.value = event.target.value)}
        />
        <span className="field__error" id="chart-wizard-name-error" aria-live="polite">
          {nameError}
        </span>
      </div>
      <div className="field">
        <label htmlFor="chart-wizard-description">{t("chart.wizard.description")}</label>
        <textarea id="chart-wizard-description" rows={3} maxLength={LIMITS.description} value={wizard.description.value} onChange={(event) => (wizard.description.value = event.target.value)} />
      </div>
      <CategoryChecks categories={categories} texts={texts} />
    </section>
  );
}
