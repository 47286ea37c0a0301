import { type FormEvent, useEffect, useId, useState } from "react";
import { errorText, reportFailure } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import { Dialog, DialogActions } from "../../lib/ui/Dialog";
import { useT } from "../../lib/ui/i18n";
import type { Asset } from "./asset-store";

const UPLOAD_TIMEOUT_MS = 240_000;
const SAVE_TIMEOUT_MS = 120_000;
const DESCRIPTION_MAX = 1024;

type Staged = Awaited<ReturnType<typeof stage>>[number];
function stage(file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return call(server.files.save.post(form, { fetch: { signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) } }));
}

/** The names the project already uses, offered as the user types (a new one is created for the project on save). */
function useProjectWords(projectId: number) {
  const [words, setWords] = useState<{ providers: string[]; keywords: string[] }>({ providers: [], keywords: [] });
  useEffect(() => {
    Promise.all([call(server.provider["get-all-for-project"].get({ query: { id: projectId } })), call(server.keyword["get-all-for-project"].get({ query: { id: projectId } }))]).then(
      ([providers, keywords]) => setWords({ providers: providers.map((p) => p.name), keywords: keywords.map((k) => k.value) }),
      () => undefined,
    );
  }, [projectId]);
  return words;
}

/**
 * The document create dialog of spec 3: the file is uploaded and converted first (Save stays disabled until then, and
 * the type follows the file: pdf PDF, docx Word, else other), then the document is saved in the project with its data
 * source and keywords typed as free text, and attached to the object.
 */
export function DocumentDialog({ asset, projectId, onClose }: { asset: Asset; projectId: number; onClose: () => void }) {
  const { t, tf } = useT();
  const ids = { file: useId(), name: useId(), provider: useId(), keywords: useId(), description: useId(), providers: useId(), status: useId() };
  const words = useProjectWords(projectId);
  const [staged, setStaged] = useState<Staged | null>(null);
  const [busy, setBusy] = useState<"uploading" | "saving" | null>(null);
  const [problem, setProblem] = useState("");
  const [fields, setFields] = useState({ name: "", provider: "", keywords: "", description: "" });
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((old) => ({ ...old, [key]: event.target.value }));
  const choose = async (file: File | undefined) => {
    setStaged(null);
    setProblem("");
    if (!file) return;
    setBusy("uploading");
    try {
      const [done] = await stage(file);
      setStaged(done ?? null);
      setFields((old) => ({ ...old, name: old.name || file.name.replace(/\.[^.]+$/, "") }));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!staged) return;
    setBusy("saving");
    try {
      const keywords = fields.keywords.split(",").map((word) => word.trim()).filter(Boolean);
      const body = { path: staged.path, name: fields.name.trim() || undefined, provider: fields.provider.trim(), keywords, description: fields.description.trim() || undefined };
      const saved = await call(server.docs["save-for-project"]({ projectId }).post(body, { fetch: { signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) } }));
      await asset.attachData(saved.id);
      snack(t("map.asset.dataAdded"), "success");
      onClose();
    } catch (error) {
      reportFailure(error);
      setBusy(null);
    }
  };
  return (
    <Dialog title={t("map.asset.newDocument")} className="map__dialog asset-dialog" onClose={onClose}>
      <form onSubmit={save}>
        <label htmlFor={ids.file}>{t("map.asset.docFile")}</label>
        <input id={ids.file} type="file" aria-describedby={ids.status} disabled={busy !== null} onChange={(event) => void choose(event.target.files?.[0])} />
        <p id={ids.status} className="asset__status" role="status">
          {busy === "uploading" ? t("map.asset.converting") : staged ? tf("map.asset.docType", { type: t(`docs.view.type${staged.type}`) }) : ""}
        </p>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <label htmlFor={ids.name}>{t("map.asset.docName")}</label>
        <input id={ids.name} value={fields.name} maxLength={255} onChange={set("name")} />
        <label htmlFor={ids.provider}>{t("map.asset.docProvider")}</label>
        <input id={ids.provider} value={fields.provider} maxLength={255} required list={ids.providers} onChange={set("provider")} />
        <datalist id={ids.providers}>
          {words.providers.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <label htmlFor={ids.keywords}>{t("map.asset.docKeywords")}</label>
        <input id={ids.keywords} value={fields.keywords} onChange={set("keywords")} placeholder={words.keywords.slice(0, 3).join(", ")} />
        <label htmlFor={ids.description}>{t("map.asset.docDescription")}</label>
        <textarea id={ids.description} value={fields.description} maxLength={DESCRIPTION_MAX} rows={3} onChange={set("description")} />
        <span className="asset__counter">
          {fields.description.length} / {DESCRIPTION_MAX}
        </span>
        <DialogActions label={t("map.asset.docSave")} onCancel={onClose} disabled={!staged || busy !== null || !fields.provider.trim()} />
      </form>
    </Dialog>
  );
}
