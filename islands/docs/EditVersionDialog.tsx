import { type FormEvent, useState } from "react";
import { VERSION_LIMITS } from "../../src/modules/docs/limits";
import { snack } from "../lib/snackbar";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { Version } from "./common";
import { FormMessage } from "./FormMessage";
import type { DocStore } from "./store";
import { useFormCall } from "./useFormCall";

/** A moderator renames a version and describes it; what was typed stays when the server refuses it. */
export function EditVersionDialog({ store, version, onClose, onSaved }: { store: DocStore; version: Version; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [name, setName] = useState(version.name);
  const [description, setDescription] = useState(version.description);
  const { busy, message, run } = useFormCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void run(async () => {
      await store.saveVersion(version.id, name.trim(), description);
      onSaved();
      snack(t("docs.view.versionSaved"), "success");
    });
  };
  return (
    <Dialog title={t("docs.view.editTitle")} onClose={onClose} className="docv-dialog">
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="edit-name">{t("docs.view.name")}</label>
          <input id="edit-name" name="name" required maxLength={VERSION_LIMITS.name} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="edit-description">{t("docs.view.versionDescription")}</label>
          <textarea
            id="edit-description"
            name="description"
            maxLength={VERSION_LIMITS.description}
            rows={4}
            aria-describedby="edit-description-counter"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <span className="field__counter" id="edit-description-counter" data-counter-for="description">
            {`${description.length} / ${VERSION_LIMITS.description}`}
          </span>
        </div>
        <FormMessage text={message.text} />
        <DialogActions label={t("common.save")} onCancel={onClose} disabled={busy} />
      </form>
    </Dialog>
  );
}
