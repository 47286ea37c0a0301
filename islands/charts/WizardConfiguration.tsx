import { useSignals } from "@preact/signals-react/runtime";
import { LIMITS } from "../../src/modules/data/limits";
import { CHART_TYPES, type ChartType } from "../../src/modules/charts/types";
import { useT } from "../lib/ui/i18n";
import { ChartFigure } from "./ChartFigure";
import * as wizard from "./wizard-store";

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

/** The chart's type, its labels column and value columns, and whether details show. */
function ColumnChoices() {
  useSignals();
  const { t } = useT();
  const columns = wizard.columns.value;
  const chosen = new Set(wizard.values.value);
  const change = (apply: () => void) => {
    apply();
    wizard.schedulePreview();
  };
  return (
    <>
      <div className="field">
        <label htmlFor="chart-wizard-type">{t("chart.wizard.type")}</label>
        <select id="chart-wizard-type" value={wizard.type.value} onChange={(event) => change(() => (wizard.type.value = event.target.value as ChartType))}>
          {CHART_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`chart.type.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="chart-wizard-main">{t("chart.wizard.mainColumn")}</label>
        <select id="chart-wizard-main" value={wizard.mainColumn.value} onChange={(event) => change(() => (wizard.mainColumn.value = event.target.value))}>
          {columns.map((h) => (
            <option key={h.field} value={h.field}>
              {h.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>{t("chart.wizard.values")}</legend>
        <div className="chart-wizard__values">
          {columns.map((h) => (
            <label key={h.field} className="switch">
              <input type="checkbox" value={h.field} checked={chosen.has(h.field)} onChange={(event) => wizard.toggleValue(h.field, event.target.checked)} /> {h.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="switch">
        <input type="checkbox" checked={wizard.details.value} onChange={(event) => change(() => (wizard.details.value = event.target.checked))} /> {t("chart.wizard.showDetails")}
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
