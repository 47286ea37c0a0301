import { useSignals } from "@preact/signals-react/runtime";
import { SUMMARY_BUCKETS, SUMMARY_OPS } from "../../src/modules/charts/types";
import { NumberField } from "../lib/ui/NumberField";
import { useT } from "../lib/ui/i18n";
import { ChoiceField } from "./ChoiceField";
import * as wizard from "./wizard-store";

const OPERATIONS: wizard.Operation[] = ["NONE", ...SUMMARY_OPS];

/** The value columns a summary reads: number columns only; a count of rows needs none. */
function ValueChoices() {
  useSignals();
  const { t } = useT();
  const offered = wizard.valueColumns.value;
  const chosen = new Set(wizard.values.value);
  if (wizard.operation.value === "COUNT") return null;
  return (
    <fieldset>
      <legend>{t("chart.wizard.values")}</legend>
      {offered.length === 0 && <p className="chart-wizard__hint">{t("chart.wizard.noNumbers")}</p>}
      <div className="chart-wizard__values">
        {offered.map((h) => (
          <label key={h.field} className="switch">
            <input type="checkbox" value={h.field} checked={chosen.has(h.field)} onChange={(event) => wizard.toggleValue(h.field, event.target.checked)} /> {h.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What each label shows (a point per row, or the sum, average, count, least or greatest over its rows),
 * the value columns, and for a summary: the column that splits it into series, the date grouping when
 * the labels are dates, and the top N slices of a pie.
 */
export function WizardSummary() {
  useSignals();
  const { t } = useT();
  const op = wizard.operation.value;
  const columnsOf = (list: { field: string; name: string }[]) => list.map((h) => ({ value: h.field, text: h.name }));
  return (
    <>
      <ChoiceField
        id="chart-wizard-op"
        label={t("chart.wizard.op")}
        value={op}
        options={OPERATIONS.map((value) => ({ value, text: t(`chart.wizard.op.${value}`) }))}
        onChoose={(value) => wizard.change(() => (wizard.operation.value = value as wizard.Operation))}
      />
      <ValueChoices />
      {op !== "NONE" && (
        <ChoiceField
          id="chart-wizard-series"
          label={t("chart.wizard.series")}
          value={wizard.series.value}
          options={[{ value: "", text: t("chart.wizard.noSeries") }, ...columnsOf(wizard.seriesColumns.value)]}
          onChoose={(value) => wizard.change(() => (wizard.series.value = value))}
        />
      )}
      {op !== "NONE" && wizard.labelsAreDates.value && (
        <ChoiceField
          id="chart-wizard-bucket"
          label={t("chart.wizard.bucket")}
          value={wizard.bucket.value}
          options={SUMMARY_BUCKETS.map((value) => ({ value, text: t(`chart.wizard.bucket.${value}`) }))}
          onChoose={(value) => wizard.change(() => (wizard.bucket.value = value as typeof wizard.bucket.value))}
        />
      )}
      {op !== "NONE" && wizard.isRound.value && (
        <NumberField
          id="chart-wizard-top"
          label={t("chart.wizard.top")}
          placeholder={t("chart.wizard.topAll")}
          value={wizard.top.value}
          checked={wizard.topChecked.value}
          onChange={(text) => wizard.change(() => (wizard.top.value = text))}
          {...wizard.TOP_RULES}
        />
      )}
    </>
  );
}
