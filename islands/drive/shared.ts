import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { addToMyFiles, downloadFile, type FileEntity } from "./common";
import { note, showFile } from "./viewer";

/** The shared-file page: PDFs drawn by pdf.js, download, add to one's files, Escape closes to /drive. */
export function startSharedFile() {
  const state = JSON.parse(document.getElementById("shared-file-state")!.textContent || "{}") as {
    file: Pick<FileEntity, "name" | "token">;
    kind: "pdf" | "image" | null;
  };
  const stage = document.querySelector<HTMLElement>("[data-stage]")!;
  if (state.kind === "pdf") showFile(stage, state.file, new AbortController().signal);
  const image = stage.querySelector("img");
  if (image) {
    const failed = () => stage.replaceChildren(note(t("drive.accessDenied"), "error"));
    if (image.complete && !image.naturalWidth) failed();
    else image.addEventListener("error", failed, { once: true });
  }
  document.addEventListener("click", async (event) => {
    const target = event.target as Element;
    if (target.closest("[data-download]")) downloadFile(state.file);
    const add = target.closest<HTMLButtonElement>("[data-add]");
    if (!add) return;
    add.disabled = true;
    try {
      await addToMyFiles(state.file.token);
      snack(t("drive.fileAdded"), "success");
      add.hidden = true;
    } catch (error) {
      add.disabled = false;
      reportFailure(error, t("drive.addingFilesFailed"));
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) location.assign("/drive");
  });
}
