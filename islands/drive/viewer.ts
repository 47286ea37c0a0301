import { previewKind } from "../../src/lib/file-types";
import { sizeText, userFileUrl } from "../lib/files";
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

/** How much of a text file the viewer shows: its first 256 KB. */
const TEXT_PREVIEW_BYTES = 256 * 1024;

/**
 * The first TEXT_PREVIEW_BYTES of a file as text (one Range request, which is not counted as a
 * download), and whether there is more; a character cut at the end is left out.
 */
async function readText(token: string, signal: AbortSignal): Promise<{ text: string; more: boolean }> {
  const response = await fetch(userFileUrl(token), { headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const total = Number(/\/(\d+)$/.exec(response.headers.get("content-range") ?? "")?.[1] ?? bytes.byteLength);
  return { text: new TextDecoder().decode(bytes.subarray(0, TEXT_PREVIEW_BYTES), { stream: true }), more: total > TEXT_PREVIEW_BYTES };
}

/** A text file's beginning as plain text (textContent: markup in it stays text). */
async function showText(stage: HTMLElement, file: Pick<FileEntity, "name" | "token">, signal: AbortSignal) {
  const { text, more } = await readText(file.token, signal);
  if (signal.aborted) return;
  const pre = document.createElement("pre");
  pre.className = "viewer-text";
  pre.textContent = text;
  stage.replaceChildren(...(more ? [note(tf("drive.textTruncated", { size: sizeText(TEXT_PREVIEW_BYTES) }))] : []), pre);
}

/**
 * Shows a file in `stage`: images as <img>, PDFs drawn by pdf.js (loaded only now), text files'
 * beginning as text, anything else as unsupported with a download button. A file that cannot be
 * read shows accessDenied.
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
  if (kind === null) {
    stage.replaceChildren(unsupported(file));
    return;
  }
  stage.replaceChildren(note(t("common.loading")));
  try {
    if (kind === "text") await showText(stage, file, signal);
    else {
      // One PDF viewer for documents and the drive.
      const { showPdf } = await import("../docs/pdf");
      if (!signal.aborted) await showPdf(stage, userFileUrl(file.token, true), signal);
    }
  } catch (error) {
    if (signal.aborted) return;
    console.error(error);
    stage.replaceChildren(note(t("drive.accessDenied"), "error"), unsupported(file));
  }
}
