import { mdiClose } from "@mdi/js";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { LIMITS } from "../../src/modules/data/limits";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { Icon } from "../lib/ui/Icon";
import { type CategoryChoice, CategoryChecks } from "../lib/ui/CategoryChecks";
import { ImportPreview, type PreviewAnswer } from "./ImportPreview";

/** The table save timeout of spec 2 (4 min); a preview reads the same file. */
const SAVE_TIMEOUT = 240_000;

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, "") || fileName;
const withTimeout = (signal?: AbortSignal) => ({ fetch: { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(SAVE_TIMEOUT)]) : AbortSignal.timeout(SAVE_TIMEOUT) } });

/** A failure's words in the dialog; none for a 401 or 403, which the client already answered. */
const failureText = (error: unknown) => (error instanceof ApiError && (error.status === 401 || error.status === 403) ? "" : errorText(error));

interface Props {
  projectId: number;
  /** Ticked from the start (the category page's own). */
  categoryIds: number[];
  onClose: () => void;
}

/**
 * The table import dialog (the TABLE list's create button): a file (XLSX or CSV) previewed by the server
 * (headers, first rows, detected encoding and separator), name, description and categories; Import stores
 * it and opens the new table. A failure is shown in the dialog and keeps what was typed.
 */
export function TableImport({ projectId, categoryIds, onClose }: Props) {
  const { t } = useT();
  const id = useId();
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  const [ticked, setTicked] = useState(categoryIds);
  const [chosen, setChosen] = useState<File>();
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [status, setStatus] = useState("");
  const [failure, setFailure] = useState("");
  const [name, setName] = useState("");
  const [nameMissing, setNameMissing] = useState(false);
  const [description, setDescription] = useState("");
  const [saving, setSaving] = useState(false);
  const reading = useRef<AbortController | undefined>(undefined);
  /** The name filled in from the file, replaced when another file is chosen unless it was edited. */
  const suggested = useRef("");
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Default categories are never offered (spec 2, section 3).
    call(server.category["get-all-for-project"].get({ query: { id: projectId } })).then(
      (all) => setCategories(all.filter((category) => !category.isDefault)),
      (error) => setFailure(failureText(error)),
    );
    return () => reading.current?.abort();
  }, [projectId]);

  async function read(picked: File) {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setChosen(undefined);
    setPreview(undefined);
    setFailure("");
    setStatus(t("table.import.reading"));
    if (!name.trim() || name === suggested.current) {
      suggested.current = baseName(picked.name);
      setName(suggested.current);
      setNameMissing(false);
    }
    try {
      const answer = await call(server.table.preview.post({ projectId: String(projectId), file: picked }, withTimeout(controller.signal)));
      if (reading.current !== controller) return;
      setChosen(picked);
      setPreview(answer);
    } catch (error) {
      if (reading.current === controller) setFailure(failureText(error));
    } finally {
      if (reading.current === controller) {
        reading.current = undefined;
        setStatus("");
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || saving) return;
    if (!name.trim()) {
      setNameMissing(true);
      nameInput.current?.focus();
      return;
    }
    setSaving(true);
    setFailure("");
    setStatus(t("table.import.saving"));
    const body = { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), categoryList: JSON.stringify(ticked), file: chosen };
    try {
      const created = await call(server.table["save-for-project"]({ projectId }).post(body, withTimeout()));
      location.assign(dataItemPath(projectId, "TABLE", created.id));
    } catch (error) {
      setStatus("");
      setFailure(failureText(error));
      setSaving(false);
    }
  }

  return (
    <Dialog className="ti" title={t("table.import.title")} onClose={onClose}>
      <button type="button" className="dl-icon ti__close" aria-label={t("common.close")} title={t("common.close")} onClick={onClose}>
        <Icon path={mdiClose} />
      </button>
      <form className="ti__form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="ti__body">
          <div className="field">
            <label htmlFor={`${id}-file`}>{t("table.import.file")}</label>
            <input
              type="file"
              id={`${id}-file`}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${id}-hint`}
              onChange={(event) => event.target.files?.[0] && void read(event.target.files[0])}
            />
            <small id={`${id}-hint`} className="dl-muted">
              {t("table.import.fileHint")}
            </small>
          </div>
          <p className="dl-muted" role="status">
            {status}
          </p>
          {preview && <ImportPreview answer={preview} />}
          <div className="field">
            <label htmlFor={`${id}-name`}>{t("table.import.name")}</label>
            <input
              ref={nameInput}
              id={`${id}-name`}
              maxLength={LIMITS.name}
              autoComplete="off"
              aria-describedby={`${id}-name-error`}
              aria-invalid={nameMissing}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameMissing(false);
              }}
            />
            <span className="field__error" id={`${id}-name-error`} aria-live="polite">
              {nameMissing ? t("table.import.nameRequired") : ""}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>{t("table.import.description")}</label>
            <textarea id={`${id}-description`} rows={3} maxLength={LIMITS.description} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          <CategoryChecks categories={categories} none={t("data.wizard.noCategories")} legend={t("table.import.categories")} checked={ticked} onChange={setTicked} />
          <p className="form-error" role="alert" hidden={!failure}>
            {failure}
          </p>
        </div>
        <div className="ti__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn" disabled={saving || !chosen || !!status}>
            {t("table.import.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
