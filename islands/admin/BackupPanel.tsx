/**
 * Backups (/admin/backup, the LOCAL type): the backup passphrase (set or generated; never shown again),
 * back up now, and the list with restore (asking an encrypted backup's passphrase) and delete by date.
 * Every button is off while an operation runs, so that no second one starts.
 */
import { useEffect, useState } from "react";
import type { MessageKey } from "../../locales/en";
import type { Locale } from "../../src/lib/i18n";
import type { PresentedBackup } from "../../src/modules/backup/presenter";
import { sizeFormat } from "../drive/format";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { BackupDialog, type BackupQuestion } from "./BackupDialog";
import { Passphrase } from "./Passphrase";
import "./backup.css";

/** Backups and restores can take minutes on a large data folder. */
const LONG_CALL = () => ({ fetch: { signal: AbortSignal.timeout(30 * 60_000) } });

interface Props {
  backups: PresentedBackup[];
  passphrase: { passphraseSet: boolean; setAt: string | null };
  /** Where the archives are kept, as the page says it. */
  where: string;
}

function Backups({ backups: initial, passphrase, where }: Props) {
  const strings = useT();
  const { t, tf } = strings;
  const size = sizeFormat(strings);
  const [backups, setBackups] = useState(initial);
  // Busy until hydrated: nothing on the page works before.
  const [busy, setBusy] = useState(true);
  const [status, setStatus] = useState("");
  const [question, setQuestion] = useState<(BackupQuestion & { resolve: (passphrase: string | null) => void }) | null>(null);
  useEffect(() => setBusy(false), []);

  const ask = (asked: BackupQuestion) => new Promise<string | null>((resolve) => setQuestion({ ...asked, resolve }));

  /** Runs one operation with the buttons off, then reloads the list; a failure names the operation and the reason. */
  async function run(work: () => Promise<string>, failure: MessageKey) {
    setBusy(true);
    setStatus(t("admin.backup.running"));
    let message: string | null = null;
    try {
      message = await work();
    } catch (error) {
      snack(`${t(failure)}: ${errorText(error)}`, "error");
    }
    await call(server.backup["get-all"].get()).then(setBackups, () => undefined);
    setBusy(false);
    setStatus(message ?? "");
    if (message) snack(message, "success");
  }

  const backUp = () =>
    run(async () => t((await call(server.backup["backup-now"].post(undefined, LONG_CALL()))).uploaded ? "admin.backup.uploaded" : "admin.backup.backupComplete"), "admin.backup.backupError");

  async function restore({ date, encrypted }: PresentedBackup) {
    const passphrase = await ask({ title: t("admin.backup.confirmRestoreTitle"), text: tf("admin.backup.confirmRestore", { date }), action: t("admin.backup.restore"), askPassphrase: encrypted });
    if (passphrase === null) return;
    await run(async () => {
      const done = await call(server.backup["restore-by-date"].post({ date, passphrase: encrypted ? passphrase : undefined }, LONG_CALL()));
      return t(done.restartNeeded ? "admin.backup.restartNeeded" : "admin.backup.backupRestore");
    }, "admin.backup.backupRestoreError");
  }

  async function remove({ date }: PresentedBackup) {
    if ((await ask({ title: t("admin.backup.confirmDeleteTitle"), text: tf("admin.backup.confirmDelete", { date }), action: t("admin.backup.delete"), askPassphrase: false })) === null) return;
    await run(async () => {
      await call(server.backup["delete-by-date"].post({ date }));
      return t("admin.backup.backupDeletion");
    }, "admin.backup.backupDeletionError");
  }

  return (
    <section id="backup" aria-busy={busy}>
      <Passphrase initial={passphrase} busy={busy} run={run} />
      <p className="backup-hint">{where}</p>
      <p>
        <button type="button" className="btn" id="backup-now" disabled={busy} onClick={backUp}>
          {t("admin.backup.backupNow")}
        </button>
      </p>
      <p id="backup-status" role="status" aria-live="polite">
        {status}
      </p>
      {backups.length === 0 && <p>{t("admin.backup.empty")}</p>}
      <div className="table-scroll">
        <table className="list" id="backup-table" hidden={backups.length === 0}>
          <thead>
            <tr>
              <th scope="col">{t("admin.backup.date")}</th>
              <th scope="col">{t("admin.backup.size")}</th>
              <th scope="col">{t("admin.backup.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {backups.map((backup) => (
              <tr key={backup.date} data-date={backup.date} data-encrypted={String(backup.encrypted)}>
                <td>{backup.encrypted ? backup.date : `${backup.date} (${t("admin.backup.unencrypted")})`}</td>
                <td>{size(backup.size)}</td>
                <td>
                  <button type="button" className="btn" disabled={busy} aria-label={`${t("admin.backup.restore")}: ${backup.date}`} onClick={() => restore(backup)}>
                    {t("admin.backup.restore")}
                  </button>
                  <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`${t("admin.backup.delete")}: ${backup.date}`} onClick={() => remove(backup)}>
                    {t("admin.backup.delete")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div id="backup-dialog">
        {question && (
          <BackupDialog
            question={question}
            answer={(passphrase) => {
              setQuestion(null);
              question.resolve(passphrase);
            }}
          />
        )}
      </div>
    </section>
  );
}

export default function BackupPanel({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Backups {...props} />
    </Localized>
  );
}
