import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Dialog } from "../lib/ui/Dialog";
import { Localized, useT } from "../lib/ui/i18n";
import "./charts.css";
import type { CategoryChoice, CategoryTexts } from "./CategoryChecks";
import { WizardInfo } from "./WizardInfo";
import { WizardConfiguration } from "./WizardConfiguration";
import * as wizard from "./wizard";

interface Props {
  projectId: number;
  categories: CategoryChoice[];
  categoryTexts: CategoryTexts;
}

function WizardDialog({ categories, categoryTexts }: Omit<Props, "projectId">) {
  useSignals();
  const { t, tf } = useT();
  const nameRef = useRef<HTMLInputElement>(null);
  const step = wizard.step.value;
  useEffect(() => {
    if (step === 2) nameRef.current?.focus();
  }, [step]);
  const save = async () => {
    if (!(await wizard.save()) && wizard.nameError.value) nameRef.current?.focus();
  };
  return (
    <Dialog className="chart-wizard" title={t(wizard.open.value?.chartId ? "chart.wizard.editTitle" : "chart.wizard.title")} onClose={wizard.close}>
      <span className="chart-wizard__step">{`${tf("chart.wizard.step", { n: step })} · ${t(step === 1 ? "chart.wizard.configuration" : "chart.wizard.info")}`}</span>
      <WizardConfiguration hidden={step !== 1} />
      <WizardInfo hidden={step !== 2} nameRef={nameRef} categories={categories} texts={categoryTexts} />
      <div className="chart-wizard__actions">
        <button type="button" className="btn btn--ghost" onClick={wizard.close}>
          {t("common.cancel")}
        </button>
        <button type="button" className="btn btn--ghost" hidden={step !== 2} onClick={() => (wizard.step.value = 1)}>
          {t("chart.wizard.back")}
        </button>
        <button type="button" className="btn" hidden={step !== 1} onClick={wizard.next}>
          {t("common.next")}
        </button>
        <button type="button" className="btn" hidden={step !== 2} disabled={wizard.saving.value} onClick={() => void save()}>
          {t("common.save")}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The chart wizard on a page whose moderators make or change charts (the CHART list, the table and
 * chart pages): nothing until it is opened (wizard.ts), then the two-step dialog, whose modal
 * opening focuses the table search first.
 */
export default function ChartWizard({ locale, projectId, ...rest }: Props & { locale: Locale }) {
  useSignals();
  const asked = wizard.requested.value;
  useEffect(() => {
    if (!asked) return;
    void wizard.begin(asked, asked.projectId ?? projectId);
  }, [asked, projectId]);
  return <Localized locale={locale}>{wizard.open.value && <WizardDialog {...rest} />}</Localized>;
}
