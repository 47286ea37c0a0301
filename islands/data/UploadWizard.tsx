import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose } from "@mdi/js";
import { useEffect, useRef, useState } from "react";
import { UPLOAD_BATCH_MAX } from "../../src/modules/docs/limits";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { CreateOptions } from "./creators";
import { baseName, createUploads, type Uploads } from "./uploads";
import { WizardDocs } from "./WizardDocs";
import { WizardFiles } from "./WizardFiles";

const SAVE_TIMEOUT = 120_000;

const splitKeywords = (text: string) => text.split(",").map((k) => k.trim()).filter(Boolean);

/** The project's data sources and keywords, offered in step 2. */
function useSuggestions(projectId: number, wanted: boolean) {
  const [suggestions, setSuggestions] = useState({ providers: [] as string[], keywords: [] as string[] });
  useEffect(() => {
    if (!wanted) return;
    Promise.all([
      call(server.provider["get-all-for-project"].get({ query: { id: projectId } })),
      call(server.keyword["get-all-for-project"].get({ query: { id: projectId } })),
    ]).then(
      ([providers, keywords]) => setSuggestions({ providers: providers.map((p) => p.name ?? ""), keywords: keywords.map((k) => k.value) }),
      (error) => console.error(error),
    );
  }, [projectId, wanted]);
  return suggestions;
}

/** Sends every document with docs/save-all; a refusal for missing data sources marks those forms. */
async function saveAll(projectId: number, uploads: Uploads, categoryIds: number[]) {
  const categoryList = categoryIds.map((id) => ({ id }));
  const body = uploads.entries.value.map(({ file, staged, fields }) => ({
    path: staged!.path,
    name: fields!.name.trim() || baseName(file.name),
    provider: fields!.provider.trim(),
    keywords: splitKeywords(fields!.keywords),
    categoryList,
    status: fields!.status,
    shortDescription: fields!.shortDescription.trim(),
    description: fields!.description.trim(),
  }));
  await call(server.docs["save-all"]({ projectId }).post(body, { fetch: { signal: AbortSignal.timeout(SAVE_TIMEOUT) } }));
  return body.length;
}

/**
 * The document upload wizard (spec 2, section 4): step 1 chooses categories and files, which upload as
 * they are chosen; step 2 has one form per file; Save stores them all. Closing it forgets the files.
 */
export function UploadWizard({ options, onClose }: { options: CreateOptions; onClose: () => void }) {
  useSignals();
  const { t, tf } = useT();
  const [uploads] = useState(() => createUploads(UPLOAD_BATCH_MAX));
  const [step, setStep] = useState<1 | 2>(1);
  const [categoryIds, setCategoryIds] = useState(options.categoryIds ?? []);
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(options.projectId, step === 2);
  const entries = uploads.entries.value;
  // Next needs at least one file and every remaining one uploaded (and converted, which the same request does).
  const ready = entries.length > 0 && entries.every((e) => e.state === "done");

  useEffect(() => input.current?.focus(), []);
  useEffect(() => () => uploads.abortAll(), [uploads]);

  function next() {
    if (!ready) return;
    uploads.startForms();
    setError("");
    setStep(2);
  }

  async function save() {
    setError("");
    for (const entry of entries) uploads.setFields(entry.key, { providerMissing: false });
    setSaving(true);
    try {
      const count = await saveAll(options.projectId, uploads, categoryIds);
      snack(tf("data.wizard.saved", { count }), "success");
      onClose();
      options.onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) return;
      if (failure instanceof ApiError && failure.code === "docs_without_provider") {
        setError(t("docs.noProvider"));
        for (const detail of failure.details) {
          const index = Number(/^body\.(\d+)\.provider$/.exec(detail.path)?.[1] ?? Number.NaN);
          const entry = entries[index];
          if (entry) uploads.setFields(entry.key, { providerMissing: true });
        }
      } else setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  }

  const cancel = () => !saving && onClose();
  return (
    <Dialog title={t("data.wizard.title")} className="wizard" id="upload-wizard" onClose={onClose}>
      <div className="wizard__head">
        <span className="wizard__step" data-wizard-step-label>
          {tf("data.wizard.step", { n: step })}
        </span>
        <button type="button" className="dl-icon" data-wizard-cancel aria-label={t("common.close")} title={t("common.close")} onClick={cancel}>
          <Icon path={mdiClose} />
        </button>
      </div>
      <WizardFiles uploads={uploads} maxFiles={UPLOAD_BATCH_MAX} categories={options.categories} chosen={categoryIds} onChoose={setCategoryIds} input={input} hidden={step !== 1} />
      <WizardDocs uploads={uploads} error={error} onApplied={(provider) => provider && setError("")} suggestions={suggestions} hidden={step !== 2} />
      <div className="wizard__actions">
        <button type="button" className="btn btn--ghost" data-wizard-cancel onClick={cancel}>
          {t("common.cancel")}
        </button>
        {step === 2 && (
          <button
            type="button"
            className="btn btn--ghost"
            data-wizard-back
            onClick={() => {
              setStep(1);
              requestAnimationFrame(() => input.current?.focus());
            }}
          >
            {t("data.wizard.back")}
          </button>
        )}
        {step === 1 && (
          <button type="button" className="btn" data-wizard-next disabled={!ready} onClick={next}>
            {t("common.next")}
          </button>
        )}
        {step === 2 && (
          <button type="button" className="btn" data-wizard-save disabled={saving} onClick={() => void save()}>
            {t("common.save")}
          </button>
        )}
      </div>
    </Dialog>
  );
}
