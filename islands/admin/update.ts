import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { sizeText } from "../lib/files";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";

/** How long the page waits for Plexus to come back after installing, polling once a second. */
const RESTART_WAIT_MS = 120_000;

const status = document.getElementById("update-status")!;
const install = document.getElementById("update-install") as HTMLButtonElement;
const dialog = document.getElementById("update-dialog") as HTMLDialogElement;

/** Resolves true when the administrator confirms installing `build` (Escape and Cancel say no). */
function confirmInstall(build: string): Promise<boolean> {
  dialog.querySelector("#update-dialog-text")!.textContent = tf("admin.update.confirmText", { build });
  dialog.querySelector("#update-confirm")!.textContent = tf("admin.update.install", { build });
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true }));
}

/** Polls this build's number until the restarted server answers `build` (or the wait ends). */
async function waitForBuild(build: number): Promise<boolean> {
  const until = Date.now() + RESTART_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const running = await api<number>("update/get-build-number", { raw: true, timeoutMs: 3000 }).catch(() => null);
    if (running === build) return true;
  }
  return false;
}

install.addEventListener("click", async () => {
  const build = install.dataset.build!;
  if (!(await confirmInstall(build))) return install.focus();
  install.disabled = true;
  status.textContent = t("admin.update.installing");
  try {
    const { to } = await api<{ from: number; to: number }>("update/update-all", { method: "POST", timeoutMs: 600_000 });
    status.textContent = tf("admin.update.restarting", { build: to });
    if (!(await waitForBuild(to))) return void (status.textContent = t("admin.update.restartSlow"));
    document.getElementById("update-current")!.textContent = String(to);
    status.textContent = tf("admin.update.updated", { build: to });
    snack(tf("admin.update.updated", { build: to }), "success");
  } catch (error) {
    status.textContent = t("admin.update.installFailed");
    reportFailure(error);
    install.disabled = false;
  }
});

interface ReindexStatus {
  state: "IDLE" | "RUNNING" | "DONE" | "FAILED";
}

/** Starts the full-text index rebuild and follows its status until it is done (or fails: an Error). */
async function rebuildIndex(): Promise<ReindexStatus> {
  let status = await api<ReindexStatus>("full-text-search/reindex", { method: "POST" });
  const until = Date.now() + 600_000;
  while (status.state === "RUNNING" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    status = await api<ReindexStatus>("full-text-search/reindex-status");
  }
  if (status.state !== "DONE") throw new Error(status.state);
  return status;
}

/** A maintenance action: its planned message while it runs, then done with its result, or failed. */
const ACTIONS: Record<string, { run: () => Promise<never>; planned: Parameters<typeof t>[0]; failed: Parameters<typeof t>[0]; done: (answer: never) => string }> = {
  reindex: {
    run: rebuildIndex as () => Promise<never>,
    planned: "admin.update.reindexPlanned",
    failed: "admin.update.indexRebuildFailed",
    done: () => t("admin.update.reindexDone"),
  },
  "delete-unused": {
    run: () => api<never>("update/delete-unused-files", { method: "POST", timeoutMs: 600_000 }),
    planned: "admin.update.deleteUnusedPlanned",
    failed: "admin.update.fileNotRemoved",
    done: ({ removed, bytes }: { removed: number; bytes: number }) => tf("admin.update.deleteUnusedDone", { count: removed, size: sizeText(bytes) }),
  },
  "remove-templates": {
    run: () => api<never>("update/remove-mail-templates", { method: "POST" }),
    planned: "admin.update.removeTemplatesPlanned",
    failed: "admin.update.removeTemplatesFailed",
    done: ({ removed }: { removed: number }) => tf("admin.update.removeTemplatesDone", { count: removed }),
  },
  encrypt: {
    run: () => api<never>("update/encrypt-messages", { method: "POST" }),
    planned: "admin.update.encryptPlanned",
    failed: "admin.update.encryptFailed",
    done: ({ encrypted }: { encrypted: number }) => tf("admin.update.encryptDone", { count: encrypted }),
  },
  "default-category": {
    run: () => api<never>("update/set-default-category", { method: "POST" }),
    planned: "admin.update.defaultCategoryPlanned",
    failed: "admin.update.defaultCategoryFailed",
    done: ({ checked, created }: { checked: number; created: number }) => tf("admin.update.defaultCategoryDone", { count: created, checked }),
  },
  "add-tokens": {
    run: () => api<never>("update/add-tokens", { method: "POST" }),
    planned: "admin.update.addTokensPlanned",
    failed: "admin.update.addTokensFailed",
    done: ({ checked, added }: { checked: number; added: number }) => tf("admin.update.addTokensDone", { count: added, checked }),
  },
};

// The index rebuild is offered only where the full-text search is there to rebuild.
api("full-text-search/reindex-status", { raw: true }).then(
  () => void (document.getElementById("update-reindex")!.hidden = false),
  () => undefined,
);

for (const button of document.querySelectorAll<HTMLButtonElement>("[data-action]")) {
  const action = ACTIONS[button.dataset.action!];
  button.addEventListener("click", async () => {
    button.disabled = true;
    snack(t(action.planned), "info");
    try {
      snack(action.done(await action.run()), "success");
    } catch (error) {
      reportFailure(error, t(action.failed));
    } finally {
      button.disabled = false;
      button.focus();
    }
  });
}
