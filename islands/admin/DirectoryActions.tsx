import { useState } from "react";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { type Strings, useT } from "../lib/ui/i18n";

async function testConnection({ t, tf }: Strings) {
  const answer = await call(server.directory.test.post({}));
  return `${tf("admin.directory.testResult", answer)} ${t(`admin.directory.transport.${answer.transport}`)}`;
}

async function importNow({ tf }: Strings) {
  const summary = await call(server.directory.import.post());
  const kept = summary.keptLastAdmin ? ` ${tf("admin.directory.keptLastAdmin", { login: summary.keptLastAdmin })}` : "";
  const { found, created, updated, activated, deactivated, skippedCount } = summary;
  return tf("admin.directory.importResult", { found, created, updated, activated, deactivated, skippedCount }) + kept;
}

/** The directory section's buttons: test the saved settings, import now; the answer's counts show below them. */
export function DirectoryActions() {
  const strings = useT();
  const { t } = strings;
  const [result, setResult] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async (work: (strings: Strings) => Promise<string>) => {
    setBusy(true);
    setResult(t("admin.directory.running"));
    try {
      setResult(await work(strings));
    } catch (error) {
      setResult(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="settings__directory">
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => run(testConnection)}>
        {t("admin.directory.test")}
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => run(importNow)}>
        {t("admin.directory.import")}
      </button>
      <p id="directory-result" role="status">
        {result}
      </p>
    </div>
  );
}
