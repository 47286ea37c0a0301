import { useSignals } from "@preact/signals-react/runtime";
import { useId, useState } from "react";
import { DATA_STATUSES, type DataStatus } from "../../src/lib/data-kinds";
import { LIMITS } from "../../src/modules/data/limits";
import { useT } from "../lib/ui/i18n";
import type { DocFields, Entry, Uploads } from "./uploads";

const StatusOptions = () => {
  const { t } = useT();
  return DATA_STATUSES.map((status) => (
    <option key={status} value={status}>
      {t(`dataStatus.${status}`)}
    </option>
  ));
};

/** One document's form; its labels are tied to its fields by ids of its own. */
function DocForm({ entry, index, first, onChange }: { entry: Entry; index: number; first: boolean; onChange: (change: Partial<DocFields>) => void }) {
  const { t, tf } = useT();
  const key = useId();
  const fields = entry.fields!;
  const id = (name: string) => `${key}-${name}`;
  const text = (name: "name" | "provider" | "keywords" | "shortDescription", maxLength?: number, list?: string) => (
    <input id={id(name)} data-field={name} maxLength={maxLength} list={list} autoComplete={name === "name" ? undefined : "off"} autoFocus={first && name === "name"} value={fields[name]} onChange={(event) => onChange({ [name]: event.target.value })} />
  );
  return (
    <fieldset className={fields.providerMissing ? "wizard__doc is-invalid" : "wizard__doc"}>
      <legend data-doc-legend>{tf("data.wizard.doc", { n: index + 1, file: entry.file.name })}</legend>
      <div className="field">
        <label htmlFor={id("name")}>{t("data.wizard.name")}</label>
        {text("name", LIMITS.name)}
      </div>
      <div className="field">
        <label htmlFor={id("provider")}>{t("data.wizard.provider")}</label>
        <input
          id={id("provider")}
          data-field="provider"
          list="wizard-providers"
          maxLength={LIMITS.providerName}
          autoComplete="off"
          aria-invalid={fields.providerMissing}
          aria-describedby={`${id("provider")}-error`}
          value={fields.provider}
          onChange={(event) => onChange({ provider: event.target.value, providerMissing: false })}
        />
        <span className="field__error" id={`${id("provider")}-error`} data-error="provider" aria-live="polite">
          {fields.providerMissing ? t("data.wizard.providerRequired") : ""}
        </span>
      </div>
      <div className="field">
        <label htmlFor={id("keywords")}>{t("data.wizard.keywords")}</label>
        {text("keywords", undefined, "wizard-keywords")}
      </div>
      <div className="field">
        <label htmlFor={id("status")}>{t("data.wizard.status")}</label>
        <select id={id("status")} data-field="status" value={fields.status} onChange={(event) => onChange({ status: event.target.value as DataStatus })}>
          <StatusOptions />
        </select>
      </div>
      <div className="field">
        <label htmlFor={id("shortDescription")}>{t("data.wizard.shortDescription")}</label>
        {text("shortDescription", LIMITS.shortDescription)}
      </div>
      <div className="field">
        <label htmlFor={id("description")}>{t("data.wizard.description")}</label>
        <textarea id={id("description")} data-field="description" rows={3} maxLength={LIMITS.description} value={fields.description} onChange={(event) => onChange({ description: event.target.value })} />
        <small className="dl-muted wizard__counter" data-counter>
          {`${fields.description.length} / ${LIMITS.description}`}
        </small>
      </div>
    </fieldset>
  );
}

/** What every document shares, typed once: filled values go into each document's form, which stays editable. */
function AllDocuments({ uploads, onApplied }: { uploads: Uploads; onApplied: (provider: boolean) => void }) {
  const { t, tf } = useT();
  const [all, setAll] = useState({ provider: "", keywords: "", status: "" });
  const [applied, setApplied] = useState("");
  function apply() {
    const provider = all.provider.trim();
    const keywords = all.keywords.trim();
    for (const entry of uploads.entries.value) {
      uploads.setFields(entry.key, {
        ...(provider && { provider, providerMissing: false }),
        ...(keywords && { keywords }),
        ...(all.status && { status: all.status as DataStatus }),
      });
    }
    setApplied(tf("data.wizard.applied", { count: uploads.entries.value.length }));
    onApplied(Boolean(provider));
  }
  return (
    <fieldset className="wizard__doc wizard__all" data-wizard-all>
      <legend>{t("data.wizard.all")}</legend>
      <p className="dl-muted" id="wizard-all-hint">
        {t("data.wizard.allHint")}
      </p>
      <div className="field">
        <label htmlFor="wizard-all-provider">{t("data.wizard.allProvider")}</label>
        <input id="wizard-all-provider" data-all="provider" list="wizard-providers" maxLength={LIMITS.providerName} autoComplete="off" value={all.provider} onChange={(event) => setAll({ ...all, provider: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="wizard-all-keywords">{t("data.wizard.allKeywords")}</label>
        <input id="wizard-all-keywords" data-all="keywords" list="wizard-keywords" autoComplete="off" value={all.keywords} onChange={(event) => setAll({ ...all, keywords: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="wizard-all-status">{t("data.wizard.allStatus")}</label>
        <select id="wizard-all-status" data-all="status" value={all.status} onChange={(event) => setAll({ ...all, status: event.target.value })}>
          <option value="">{t("data.wizard.keepStatus")}</option>
          <StatusOptions />
        </select>
      </div>
      <div className="wizard__all-actions">
        <button type="button" className="btn btn--ghost" data-wizard-apply aria-describedby="wizard-all-hint" onClick={apply}>
          {t("data.wizard.applyAll")}
        </button>
        <span className="dl-muted" data-wizard-applied role="status">
          {applied}
        </span>
      </div>
    </fieldset>
  );
}

interface WizardDocsProps {
  uploads: Uploads;
  error: string;
  onApplied: (provider: boolean) => void;
  /** The project's data sources and keywords, offered as suggestions. */
  suggestions: { providers: string[]; keywords: string[] };
  hidden: boolean;
}

/** Step 2: one form per file, and for several files the fields they share. */
export function WizardDocs({ uploads, error, onApplied, suggestions, hidden }: WizardDocsProps) {
  useSignals();
  const entries = uploads.entries.value;
  return (
    <section className="wizard__body" data-step="2" hidden={hidden}>
      <p className="form-error" data-wizard-error role="alert" hidden={!error}>
        {error}
      </p>
      {!hidden && entries.length > 1 && <AllDocuments uploads={uploads} onApplied={onApplied} />}
      <div className="wizard__forms" data-wizard-forms>
        {!hidden && entries.map((entry, index) => entry.fields && <DocForm key={entry.key} entry={entry} index={index} first={index === 0} onChange={(change) => uploads.setFields(entry.key, change)} />)}
      </div>
      <datalist id="wizard-providers">
        {suggestions.providers.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <datalist id="wizard-keywords">
        {suggestions.keywords.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    </section>
  );
}
