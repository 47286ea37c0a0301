import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { addToMyFiles, downloadFile, type FileEntity } from "./common";
import { note, showFile } from "./viewer";

interface SharedFileState {
  /** Null while the link is closed (past its end date, or waiting for its password). */
  file: Pick<FileEntity, "name" | "token"> | null;
  kind: "pdf" | "image" | "text" | null;
  token: string;
  signedIn: boolean;
}

/** The password form of a protected link: on success the page loads again, now with the file. */
function startUnlock(form: HTMLFormElement, token: string) {
  const input = form.querySelector<HTMLInputElement>("input[type=password]")!;
  const error = form.querySelector<HTMLElement>("[role=alert]")!;
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  input.focus();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value) return input.focus();
    submit.disabled = true;
    error.textContent = "";
    try {
      await api(`files/unlock-share/${encodeURIComponent(token)}`, { method: "POST", body: { password: input.value }, raw: true });
      location.reload();
    } catch (failure) {
      error.textContent = errorText(failure);
      input.select();
      submit.disabled = false;
    }
  });
}

/**
 * The shared-file page: PDFs drawn by pdf.js and text shown as text, download, add to one's files;
 * signed in, Escape closes to /drive. A protected link's page asks for the password.
 */
export function startSharedFile() {
  const state = JSON.parse(document.getElementById("shared-file-state")!.textContent || "{}") as SharedFileState;
  const unlock = document.querySelector<HTMLFormElement>("#sf-unlock");
  if (unlock) startUnlock(unlock, state.token);
  const file = state.file;
  if (!file) return;
  const stage = document.querySelector<HTMLElement>("[data-stage]")!;
  if (state.kind === "pdf" || state.kind === "text") showFile(stage, file, new AbortController().signal);
  const image = stage.querySelector("img");
  if (image) {
    const failed = () => stage.replaceChildren(note(t("drive.accessDenied"), "error"));
    if (image.complete && !image.naturalWidth) failed();
    else image.addEventListener("error", failed, { once: true });
  }
  document.addEventListener("click", async (event) => {
    const target = event.target as Element;
    if (target.closest("[data-download]")) downloadFile(file);
    const add = target.closest<HTMLButtonElement>("[data-add]");
    if (!add) return;
    add.disabled = true;
    try {
      await addToMyFiles(file.token);
      snack(t("drive.fileAdded"), "success");
      add.hidden = true;
    } catch (error) {
      add.disabled = false;
      reportFailure(error, t("drive.addingFilesFailed"));
    }
  });
  if (state.signedIn) {
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !event.defaultPrevented) location.assign("/drive");
    });
  }
}
