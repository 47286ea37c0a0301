import { previewKind } from "../../src/lib/file-types";
import { userFileUrl } from "../lib/files";
import { t, tf } from "../lib/i18n";
import { downloadFile, type FileEntity } from "./common";

/** A short status line in the viewer's stage. */
export function note(text: string, kind: "info" | "error" = "info") {
  const p = document.createElement("p");
  p.className = `viewer-note viewer-note--${kind}`;
  if (kind === "error") p.setAttribute("role", "alert");
  p.textContent = text;
  return p;
}

/** What is shown for a type the viewer does not render: a notice and a download button. */
function unsupported(file: Pick<FileEntity, "name" | "token">) {
  const box = document.createElement("div");
  box.className = "viewer-unsupported";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn";
  button.textContent = t("drive.download");
  button.addEventListener("click", () => downloadFile(file));
  box.append(note(t("drive.unsupported")), button);
  return box;
}

/**
 * Shows a file in `stage`: images as <img>, PDFs drawn by pdf.js (loaded only now), anything else
 * as unsupported with a download button. A file that cannot be read shows accessDenied.
 */
export async function showFile(stage: HTMLElement, file: Pick<FileEntity, "name" | "token">, signal: AbortSignal) {
  const kind = previewKind(file.name);
  if (kind === "image") {
    const image = document.createElement("img");
    image.className = "viewer-image";
    image.alt = file.name;
    image.onerror = () => signal.aborted || stage.replaceChildren(note(t("drive.accessDenied"), "error"));
    image.src = userFileUrl(file.token, true);
    stage.replaceChildren(image);
    return;
  }
  if (kind !== "pdf") {
    stage.replaceChildren(unsupported(file));
    return;
  }
  stage.replaceChildren(note(t("common.loading")));
  try {
    const { renderPdf } = await import("./pdf");
    if (!signal.aborted) await renderPdf(stage, userFileUrl(file.token, true), signal, (n) => tf("drive.page", { n }));
  } catch (error) {
    if (signal.aborted) return;
    console.error(error);
    stage.replaceChildren(note(t("drive.accessDenied"), "error"), unsupported(file));
  }
}
