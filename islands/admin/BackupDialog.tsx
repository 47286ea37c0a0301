import { type FormEvent, useState } from "react";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";

export interface BackupQuestion {
  title: string;
  text: string;
  action: string;
  /** An encrypted backup's restore asks for the passphrase it was made with. */
  askPassphrase: boolean;
}

/** Asks to confirm a restore or a removal; answers the passphrase typed (empty when none was asked), or null for no. */
export function BackupDialog({ question, answer }: { question: BackupQuestion; answer: (passphrase: string | null) => void }) {
  const { t } = useT();
  const [passphrase, setPassphrase] = useState("");
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    answer(passphrase);
  };
  return (
    <Dialog title={question.title} onClose={() => answer(null)}>
      <form onSubmit={confirm}>
        <p>{question.text}</p>
        {question.askPassphrase && (
          <div className="field">
            <label htmlFor="backup-restore-passphrase">{t("admin.backup.restorePassphrase")}</label>
            <input id="backup-restore-passphrase" type="password" autoComplete="off" maxLength={1024} autoFocus value={passphrase} onChange={(event) => setPassphrase(event.target.value)} />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" autoFocus={!question.askPassphrase} onClick={() => answer(null)}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn--danger">
            {question.action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
