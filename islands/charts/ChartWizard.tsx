import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";
import { WizardInfo } from "./WizardInfo";
import { WizardConfiguration } from "./WizardConfiguration";
import * as wizard from "./wizard-store";

function WizardDialog({ categories }: { categories: CategoryChoice[] }) {
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
      <WizardInfo hidden={step !== 2} nameRef={nameRef} categories={categories} />
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
 * The chart wizard, opened by wizard.tsx where a moderator makes or changes a chart (the CHART list, the
 * table and chart pages): the two-step dialog, whose modal opening focuses the table search first, over
 * the project's categories; `onClosed` once it is closed.
 */
export default function ChartWizard({ options, onClosed }: { options: wizard.ChartWizardOptions; onClosed: () => void }) {
  useSignals();
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  const wasOpen = useRef(false);
  const open = wizard.open.value;
  useEffect(() => {
    void wizard.begin(options);
    // Default categories are never offered (spec 2, section 3).
    call(server.category["get-all-for-project"].get({ query: { id: options.projectId } })).then((all) => setCategories(all.filter((c) => !c.isDefault)), reportFailure);
  }, [options]);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) onClosed();
  }, [open, onClosed]);
  return open && <WizardDialog categories={categories} />;
}
