import { isImageName } from "../../src/lib/file-types";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { fileUrl, message, type Version, type Viewer } from "./common";
import { showDocx, type TextSearch } from "./docx";
import { progressLine, startPdf } from "./pdf-fetch";

// @mdi/js's mdiFileDocumentOutline and mdiDownload, inlined: importing @mdi/js in a script pulls every icon.
const FILE_ICON = "M6,2A2,2 0 0,0 4,4V20A2,2 0 0,0 6,22H18A2,2 0 0,0 20,20V8L14,2H6M6,4H13V9H18V20H6V4M8,12V14H16V12H8M8,16V18H13V16H8Z";
const DOWNLOAD_ICON = "M5,20H19V18H5M19,9H15V3H9V9H5L12,16L19,9Z";
const svg = (path: string) => `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"/></svg>`;

/** "This file type cannot be shown here" with its download. */
function unsupported(version: Version) {
  const box = document.createElement("div");
  box.className = "docv-unsupported";
  const text = document.createElement("p");
  text.textContent = t("docs.view.unsupported");
  const link = document.createElement("a");
  link.className = "btn";
  link.href = fileUrl(version.id);
  link.download = "";
  link.innerHTML = `${svg(DOWNLOAD_ICON)} `;
  link.append(t("docs.view.download"));
  box.innerHTML = svg(FILE_ICON);
  box.append(text, link);
  return box;
}

/**
 * Shows one version of a document in `stage`: a Word file as structured text (searchable when the page
 * has a search box), a PDF in the pdf.js viewer, a picture, or a download notice. The document page shows
 * the chosen version with it, the DOC viewer of split screen the newest one. `signal` aborts when something
 * else is to be shown.
 */
export async function showVersion(stage: HTMLElement, version: Version, search: TextSearch | undefined, signal: AbortSignal): Promise<Viewer | undefined> {
  if (version.type === "MS_DOC") return showDocx(stage, version.id, search, signal);
  if (version.type === "PDF") {
    try {
      // The worker and the file's first and last chunks start now, while pdf.js itself comes.
      const file = startPdf(fileUrl(version.id, true), version.size, signal);
      file.onProgress = progressLine(stage);
      file.onProgress(file.loaded, file.size);
      const { showPdf } = await import("./pdf");
      if (!signal.aborted) return await showPdf(stage, file, signal);
    } catch (error) {
      if (!signal.aborted) {
        stage.replaceChildren(message(t("docs.readingError"), "error"));
        reportFailure(error);
      }
    }
    return undefined;
  }
  if (isImageName(version.fileName)) {
    const frame = document.createElement("div");
    frame.className = "docv-image";
    const img = document.createElement("img");
    img.src = fileUrl(version.id, true);
    img.alt = version.name;
    frame.append(img);
    stage.replaceChildren(frame);
  } else stage.replaceChildren(unsupported(version));
  return undefined;
}
