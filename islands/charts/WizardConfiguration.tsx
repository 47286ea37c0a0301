import { useSignals } from "@preact/signals-react/runtime";
import { LIMITS } from "../../src/modules/data/limits";
import { CHART_TYPES, type ChartType } from "../../src/modules/charts/types";
import { useT } from "../lib/ui/i18n";
import { ChartFigure } from "./ChartFigure";
import { ChoiceField } from "./ChoiceField";
import * as wizard from "./wizard-store";
import { WizardSummary } from "./WizardSummary";

/** Step 1's table search: the project's tables by name, each a button that chooses it. */
function TablePicker() {
  useSignals();
  const { t, tf } = useT();
  const hits = wizard.hits.value;
  return (
    <>
      <div className="field">
        <label htmlFor="chart-wizard-search">{t("chart.wizard.tableSearch")}</label>
        <input
          id="chart-wizard-search"
          type="search"
          autoComplete="off"
          maxLength={LIMITS.name}
          aria-controls="chart-wizard-results"
          value={wizard.search.value}
          onChange={(event) => wizard.typeSearch(event.target.value)}
          onFocus={() => hits === null && void wizard.findTables()}
        />
      </div>
      <ul className="chart-wizard__results" id="chart-wizard-results" aria-label={t("chart.wizard.table")}>
        {hits?.map((hit) => (
          <li key={hit.id}>
            <button type="button" onClick={() => void wizard.chooseTable(hit.id)}>
              {hit.name}
            </button>
          </li>
        ))}
        {hits?.length === 0 && <li className="chart-wizard__none">{t("chart.wizard.noTables")}</li>}
      </ul>
      <p className="chart-wizard__chosen" role="status">
        {wizard.table.value ? tf("chart.wizard.tableChosen", { name: wizard.table.value.name }) : ""}
      </p>
    </>
  );
}

/** The chart's type, its labels column, what each label shows, and whether details show. */
function ColumnChoices() {
  useSignals();
  const { t } = useT();
  return (
    <>
      <ChoiceField
        id="chart-wizard-type"
        label={t("chart.wizard.type")}
        value={wizard.type.value}
        options={CHART_TYPES.map((value) => ({ value, text: t(`chart.type.${value}`) }))}
        onChoose={(value) => wizard.change(() => (wizard.type.value = value as ChartType))}
      />
      <ChoiceField
        id="chart-wizard-main"
        label={t("chart.wizard.mainColumn")}
        value={wizard.mainColumn.value}
        options={wizard.columns.value.map((h) => ({ value: h.field, text: h.name }))}
        onChoose={(value) => wizard.change(() => (wizard.mainColumn.value = value))}
      />
      <WizardSummary />
      <label className="switch">
        <input type="checkbox" checked={wizard.details.value} onChange={(event) => wizard.change(() => (wizard.details.value = event.target.checked))} /> {t("chart.wizard.showDetails")}
      </label>
    </>
  );
}

function Preview() {
  useSignals();
  const { t } = useT();
  const shown = wizard.preview.value;
  return (
    <section className="chart-wizard__preview" aria-labelledby="chart-wizard-preview-title">
      <h3 id="chart-wizard-preview-title">{t("chart.wizard.preview")}</h3>
      <div className="chart">
        {"hint" in shown && <p className="chart-wizard__hint">{t("chart.wizard.previewHint")}</p>}
        {"error" in shown && <p className="chart__note chart__note--error">{shown.error}</p>}
        {"figure" in shown && <ChartFigure figure={shown.figure} name={shown.name} />}
      </div>
    </section>
  );
}

/** Step 1: the configuration beside a live preview. */
export function WizardConfiguration({ hidden }: { hidden: boolean }) {
  useSignals();
  const { t } = useT();
  return (
    <section className="chart-wizard__body" aria-label={t("chart.wizard.configuration")} hidden={hidden}>
      <div className="chart-wizard__grid">
        <div>
          <TablePicker />
          <ColumnChoices />
          <p className="form-error" role="alert" hidden={!wizard.configError.value}>
            {wizard.configError.value}
          </p>
        </div>
        <Preview />
      </div>
    </section>
  );
}
