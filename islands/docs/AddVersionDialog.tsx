import { type FormEvent, useState } from "react";
import { snack } from "../lib/snackbar";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { FormMessage } from "./FormMessage";
import type { DocStore } from "./store";
import { useFormCall } from "./useFormCall";

/** A moderator's new version: one file, uploaded and added as the newest version; the server's refusal shows here. */
export function AddVersionDialog({ store, onClose }: { store: DocStore; onClose: () => void }) {
  const { t } = useT();
  const [file, setFile] = useState<File>();
  const { busy, message, setMessage, run } = useFormCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMessage({ text: t("docs.view.chooseFile") });
    setMessage({ text: t("docs.view.uploading"), kind: "note" });
    void run(async () => {
      await store.addVersion(file);
      onClose();
      snack(t("docs.view.versionAdded"), "success");
    });
  };
  return (
    <Dialog title={t("docs.view.addTitle")} onClose={onClose} className="docv-dialog">
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="add-file">{t("docs.view.file")}</label>
          <input id="add-file" name="file" type="file" required onChange={(event) => setFile(event.target.files?.[0])} />
        </div>
        <FormMessage text={message.text} kind={message.kind} />
        <DialogActions label={t("docs.view.upload")} onCancel={onClose} disabled={busy} />
      </form>
    </Dialog>
  );
}
