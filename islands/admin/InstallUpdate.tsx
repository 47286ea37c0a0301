/**
 * /admin/update's builds: this build and the newest valid package, and the install button (asked
 * first); after installing, the page waits for the restarted server to answer the new build number.
 */
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useConfirm } from "../lib/ui/Confirm";
import { Localized, useT } from "../lib/ui/i18n";
import "./update.css";

/** How long the page waits for Plexus to come back after installing, polling once a second. */
const RESTART_WAIT_MS = 120_000;
const INSTALL_WAIT_MS = 600_000;

/** Polls this build's number until the restarted server answers `build` (or the wait ends). */
async function waitForBuild(build: number): Promise<boolean> {
  const until = Date.now() + RESTART_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const running = await call(server.update["get-build-number"].get({ fetch: { signal: AbortSignal.timeout(3000) } }), { raw: true }).catch(() => null);
    if (running === build) return true;
  }
  return false;
}

interface Props {
  current: number;
  /** The newest valid package's build, if any. */
  latest: number | null;
  /** What the page says first: no package, up to date, or the update folder cannot be read. */
  status: string;
  /** Where packages go, as the page says it (the folder is the server's to know). */
  howTo: string;
}

function Install({ current: installed, latest, status: initialStatus, howTo }: Props) {
  const { t, tf } = useT();
  const [current, setCurrent] = useState(installed);
  const [status, setStatus] = useState(initialStatus);
  const [busy, setBusy] = useState(false);
  const [question, ask] = useConfirm();
  const installable = latest !== null && latest > current;

  async function install() {
    const build = String(latest);
    if (!(await ask({ title: t("admin.update.confirmTitle"), text: tf("admin.update.confirmText", { build }), confirm: tf("admin.update.install", { build }) }))) return;
    setBusy(true);
    setStatus(t("admin.update.installing"));
    try {
      const { to } = await call(server.update["update-all"].post(undefined, { fetch: { signal: AbortSignal.timeout(INSTALL_WAIT_MS) } }));
      setStatus(tf("admin.update.restarting", { build: to }));
      if (!(await waitForBuild(to))) return setStatus(t("admin.update.restartSlow"));
      setCurrent(to);
      setStatus(tf("admin.update.updated", { build: to }));
      snack(tf("admin.update.updated", { build: to }), "success");
    } catch (error) {
      setStatus(t("admin.update.installFailed"));
      reportFailure(error);
      setBusy(false);
    }
  }

  return (
    <>
      <dl className="update-builds">
        <dt>{t("admin.update.currentBuild")}</dt>
        <dd id="update-current">{current}</dd>
        <dt>{t("admin.update.latestBuild")}</dt>
        <dd id="update-latest">{latest ?? "—"}</dd>
      </dl>
      <p id="update-status" role="status" aria-live="polite">
        {status}
      </p>
      <p className="update-hint">{howTo}</p>
      <button type="button" className="btn" disabled={!installable || busy} aria-haspopup="dialog" onClick={install}>
        {tf("admin.update.install", { build: installable ? latest : "—" })}
      </button>
      <div id="update-dialog">{question}</div>
    </>
  );
}

export default function InstallUpdate({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Install {...props} />
    </Localized>
  );
}
