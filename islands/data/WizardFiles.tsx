import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiFileUploadOutline } from "@mdi/js";
import { type RefObject, useRef, useState } from "react";
import { fileIcon, fileKind } from "../lib/file-icons";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { CategoryChecks, type CategoryChoice } from "../lib/ui/CategoryChecks";
import type { Entry, Uploads } from "./uploads";

function FileRow({ entry, onRemove, removeRef }: { entry: Entry; onRemove: () => void; removeRef: (button: HTMLButtonElement | null) => void }) {
  const { t, tf } = useT();
  const status = {
    waiting: t("data.wizard.waiting"),
    uploading: tf("data.wizard.uploading", { percent: Math.round(entry.progress) }),
    converting: t("data.wizard.converting"),
    done: t("data.wizard.done"),
    failed: entry.error ?? t("common.error"),
  }[entry.state];
  const removeLabel = tf("data.wizard.removeFile", { name: entry.file.name });
  const finished = entry.state === "converting" || entry.state === "done";
  return (
    <li className="wizard__file" data-state={entry.state}>
      <span className="wizard__file-icon" data-file-icon>
        <Icon path={fileIcon(entry.file.name)} kind={fileKind(entry.file.name)} />
      </span>
      <span className="wizard__file-name" data-file-name>
        {entry.file.name}
      </span>
      {/* While the server converts, the bar is indeterminate (no value). */}
      <progress max={100} value={entry.state === "converting" ? undefined : finished ? 100 : entry.progress} data-file-progress aria-label={entry.file.name} />
      <span className="wizard__file-status" data-file-status aria-live="polite">
        {status}
      </span>
      <button type="button" className="dl-icon" data-file-remove aria-label={removeLabel} title={removeLabel} ref={removeRef} onClick={onRemove}>
        <Icon path={mdiClose} />
      </button>
    </li>
  );
}

interface WizardFilesProps {
  uploads: Uploads;
  maxFiles: number;
  categories: CategoryChoice[];
  chosen: number[];
  onChoose: (chosen: number[]) => void;
  input: RefObject<HTMLInputElement | null>;
  hidden: boolean;
}

/** Step 1: the categories and the files, which upload as they are chosen or dropped. */
export function WizardFiles({ uploads, maxFiles, categories, chosen, onChoose, input, hidden }: WizardFilesProps) {
  useSignals();
  const { t, tf } = useT();
  const [over, setOver] = useState(false);
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  const entries = uploads.entries.value;
  const hint = [uploads.tooMany.value ? tf("data.wizard.tooMany", { max: maxFiles, n: uploads.tooMany.value }) : "", entries.some((e) => e.state === "failed") ? t("data.wizard.removeFailed") : ""]
    .filter(Boolean)
    .join(" ");

  function remove(at: number) {
    uploads.remove(entries[at]!.key);
    // The focus goes to the neighbour's remove button, else to the file input.
    const neighbour = entries[at + 1] ?? entries[at - 1];
    if (!neighbour) input.current?.focus();
    else requestAnimationFrame(() => removeButtons.current.get(neighbour.key)?.focus());
  }

  return (
    <section className="wizard__body" data-step="1" hidden={hidden}>
      <CategoryChecks categories={categories} legend={t("data.wizard.categories")} none={t("data.wizard.noCategories")} checked={chosen} onChange={onChoose} />
      <div
        className={over ? "wizard__drop is-over" : "wizard__drop"}
        data-wizard-drop
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          uploads.add([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        <Icon path={mdiFileUploadOutline} />
        <p id="wizard-drop-text">{t("data.wizard.drop")}</p>
        <label htmlFor="wizard-files" className="wizard__files-label">
          {t("data.wizard.files")}
        </label>
        <input
          type="file"
          id="wizard-files"
          multiple
          aria-describedby="wizard-drop-text wizard-limit"
          ref={input}
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <small id="wizard-limit" className="dl-muted">
          {tf("data.wizard.limit", { max: maxFiles })}
        </small>
      </div>
      <p className="form-error" data-wizard-hint role="status" hidden={!hint}>
        {hint}
      </p>
      <ul className="wizard__files" data-wizard-files aria-label={t("data.wizard.files")}>
        {entries.map((entry, at) => (
          <FileRow
            key={entry.key}
            entry={entry}
            onRemove={() => remove(at)}
            removeRef={(button) => (button ? removeButtons.current.set(entry.key, button) : removeButtons.current.delete(entry.key))}
          />
        ))}
      </ul>
    </section>
  );
}
