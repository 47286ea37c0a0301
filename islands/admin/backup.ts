import type { PresentedBackup, PresentedGenerated, PresentedMade, PresentedPassphraseStatus, PresentedRestored } from "../../src/modules/backup/presenter";
import { api } from "../lib/api";
import { element } from "../lib/dom";
import { errorText } from "../lib/failures";
import { sizeText } from "../lib/files";
import { locale, t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { MessageKey } from "../../locales/en";

/** Backups and restores can take minutes on a large data folder. */
const LONG_CALL_MS = 30 * 60_000;

const section = document.getElementById("backup");
const now = document.getElementById("backup-now") as HTMLButtonElement | null;
const table = document.getElementById("backup-table") as HTMLTableElement | null;
const status = document.getElementById("backup-status")!;
const dialog = document.getElementById("backup-dialog") as HTMLDialogElement;
const dialogPassphrase = document.getElementById("backup-dialog-passphrase")!;
const restorePassphrase = document.getElementById("backup-restore-passphrase") as HTMLInputElement;

/** Every button of the page, off while an operation runs so that no second one starts. */
function busy(on: boolean) {
  section!.setAttribute("aria-busy", String(on));
  for (const button of section!.querySelectorAll("button")) button.disabled = on;
  status.textContent = on ? t("admin.backup.running") : "";
}

/** Asks to confirm; `askPassphrase` adds the field for an encrypted backup's passphrase (focused first). */
function confirm(title: MessageKey, text: string, action: MessageKey, askPassphrase = false): Promise<boolean> {
  dialog.querySelector("#backup-dialog-title")!.textContent = t(title);
  dialog.querySelector("#backup-dialog-text")!.textContent = text;
  dialog.querySelector("#backup-confirm")!.textContent = t(action);
  dialogPassphrase.hidden = !askPassphrase;
  restorePassphrase.value = "";
  dialog.returnValue = "";
  dialog.showModal();
  if (askPassphrase) restorePassphrase.focus();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true }));
}

function row(backup: PresentedBackup): HTMLTableRowElement {
  const tr = document.createElement("tr");
  tr.dataset.date = backup.date;
  tr.dataset.encrypted = String(backup.encrypted);
  const dated = backup.encrypted ? backup.date : `${backup.date} (${t("admin.backup.unencrypted")})`;
  const cells = [dated, sizeText(backup.size)].map((text) => element("td", undefined, text));
  const actions = document.createElement("td");
  for (const [action, label] of [["restore", "admin.backup.restore"], ["delete", "admin.backup.delete"]] as const) {
    const button = Object.assign(document.createElement("button"), { type: "button", className: `btn ${action === "delete" ? "btn--ghost" : ""}`, textContent: t(label) });
    button.dataset.action = action;
    button.setAttribute("aria-label", `${t(label)}: ${backup.date}`);
    actions.append(button);
  }
  tr.append(...cells, actions);
  return tr;
}

async function load() {
  const backups = await api<PresentedBackup[]>("backup/get-all");
  table!.tBodies[0].replaceChildren(...backups.map(row));
  table!.hidden = backups.length === 0;
  document.getElementById("backup-empty")!.hidden = backups.length > 0;
}

/** Runs one operation with the buttons off, then reloads the list; failures name the operation and the reason. */
async function run(work: () => Promise<string>, failure: MessageKey) {
  busy(true);
  let message: string | null = null;
  try {
    message = await work();
  } catch (error) {
    snack(`${t(failure)}: ${errorText(error)}`, "error");
  }
  await load().catch(() => {});
  busy(false);
  if (message) {
    status.textContent = message;
    snack(message, "success");
  }
}

if (section && now && table) {
  now.addEventListener("click", () =>
    run(async () => {
      const made = await api<PresentedMade>("backup/backup-now", { method: "POST", timeoutMs: LONG_CALL_MS });
      return t(made.uploaded ? "admin.backup.uploaded" : "admin.backup.backupComplete");
    }, "admin.backup.backupError"),
  );
  table.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-action]");
    if (!button) return;
    const date = button.closest("tr")!.dataset.date!;
    if (button.dataset.action === "restore") {
      const encrypted = button.closest("tr")!.dataset.encrypted === "true";
      if (!(await confirm("admin.backup.confirmRestoreTitle", tf("admin.backup.confirmRestore", { date }), "admin.backup.restore", encrypted))) return button.focus();
      const passphrase = encrypted ? restorePassphrase.value : undefined;
      restorePassphrase.value = "";
      await run(async () => {
        const done = await api<PresentedRestored>("backup/restore-by-date", { method: "POST", body: { date, passphrase }, timeoutMs: LONG_CALL_MS });
        return t(done.restartNeeded ? "admin.backup.restartNeeded" : "admin.backup.backupRestore");
      }, "admin.backup.backupRestoreError");
    } else {
      if (!(await confirm("admin.backup.confirmDeleteTitle", tf("admin.backup.confirmDelete", { date }), "admin.backup.delete"))) return button.focus();
      await run(async () => {
        await api("backup/delete-by-date", { method: "POST", body: { date } });
        return t("admin.backup.backupDeletion");
      }, "admin.backup.backupDeletionError");
    }
    now.focus();
  });
  const form = document.getElementById("backup-passphrase-form") as HTMLFormElement;
  const input = document.getElementById("backup-passphrase-input") as HTMLInputElement;
  const generated = document.getElementById("backup-passphrase-generated")!;
  const showSet = (setAt: string) => {
    const state = document.getElementById("backup-passphrase-state")!;
    state.dataset.set = "true";
    state.textContent = tf("admin.backup.passphraseSet", { date: new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(setAt)) });
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const passphrase = input.value;
    run(async () => {
      const set = await api<PresentedPassphraseStatus>("backup/set-passphrase", { method: "POST", body: { passphrase } });
      input.value = "";
      generated.hidden = true;
      showSet(set.setAt!);
      return t("admin.backup.passphraseSaved");
    }, "admin.backup.passphraseError");
  });
  document.getElementById("backup-passphrase-generate")!.addEventListener("click", () =>
    run(async () => {
      const made = await api<PresentedGenerated>("backup/generate-passphrase", { method: "POST" });
      generated.querySelector("code")!.textContent = made.passphrase;
      generated.hidden = false;
      showSet(made.setAt);
      return t("admin.backup.passphraseSaved");
    }, "admin.backup.passphraseError"),
  );
  load()
    .then(() => busy(false))
    .catch((error) => snack(errorText(error), "error"));
}
