import { type FormEvent, useState } from "react";
import type { MessageKey } from "../../locales/en";
import { useDates } from "../lib/ui/dates";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";

interface Props {
  initial: { passphraseSet: boolean; setAt: string | null };
  busy: boolean;
  /** The page's runner: buttons off meanwhile, the answer's message said. */
  run: (work: () => Promise<string>, failure: MessageKey) => Promise<void>;
}

/** The backup passphrase: whether one is set and since when, a form to set one, or one generated and shown once. */
export function Passphrase({ initial, busy, run }: Props) {
  const { t, tf } = useT();
  const dates = useDates();
  const [setAt, setSetAt] = useState(initial.passphraseSet ? initial.setAt : null);
  const [typed, setTyped] = useState("");
  const [generated, setGenerated] = useState<string | null>(null);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    run(async () => {
      const set = await call(server.backup["set-passphrase"].post({ passphrase: typed }));
      setTyped("");
      setGenerated(null);
      setSetAt(set.setAt);
      return t("admin.backup.passphraseSaved");
    }, "admin.backup.passphraseError");
  };

  const generate = () =>
    run(async () => {
      const made = await call(server.backup["generate-passphrase"].post());
      setGenerated(made.passphrase);
      setSetAt(made.setAt);
      return t("admin.backup.passphraseSaved");
    }, "admin.backup.passphraseError");

  return (
    <section className="backup-passphrase" aria-labelledby="backup-passphrase-title">
      <h2 id="backup-passphrase-title">{t("admin.backup.passphraseTitle")}</h2>
      <p id="backup-passphrase-state" data-set={String(setAt !== null)}>
        {setAt !== null ? tf("admin.backup.passphraseSet", { date: dates.moment(setAt) }) : t("admin.backup.passphraseMissing")}
      </p>
      <p className="backup-hint">{t("admin.backup.passphraseHint")}</p>
      <form className="backup-passphrase__form" onSubmit={save}>
        <div className="field">
          <label htmlFor="backup-passphrase-input">{t("admin.backup.passphraseNew")}</label>
          <input
            id="backup-passphrase-input"
            type="password"
            autoComplete="new-password"
            minLength={12}
            maxLength={1024}
            required
            aria-describedby="backup-passphrase-rule"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <p className="backup-hint" id="backup-passphrase-rule">
            {t("admin.backup.passphraseRule")}
          </p>
        </div>
        <div className="backup-passphrase__buttons">
          <button type="submit" className="btn" disabled={busy}>
            {t("admin.backup.passphraseSave")}
          </button>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={generate}>
            {t("admin.backup.passphraseGenerate")}
          </button>
        </div>
      </form>
      {generated !== null && (
        <p id="backup-passphrase-generated" role="status">
          {t("admin.backup.passphraseGenerated")} <code>{generated}</code>
        </p>
      )}
    </section>
  );
}
