import { useSignals } from "@preact/signals-react/runtime";
import type { RefObject } from "react";
import { LIMITS } from "../../src/modules/data/limits";
import { useT } from "../lib/ui/i18n";
import { type CategoryChoice, CategoryChecks } from "../lib/ui/CategoryChecks";
import * as wizard from "./wizard-store";

/** Step 2: the chart's name, description and categories. */
export function WizardInfo({ hidden, nameRef, categories }: { hidden: boolean; nameRef: RefObject<HTMLInputElement | null>; categories: CategoryChoice[] }) {
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
      <CategoryChecks categories={categories} none={t("chart.wizard.noCategories")} noType={t("chart.wizard.noType")} legend={t("chart.wizard.categories")} checked={wizard.categoryIds.value} onChange={(ids) => (wizard.categoryIds.value = ids)} />
    </section>
  );
}
