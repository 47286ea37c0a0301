import { api } from "../lib/api";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { Wire } from "../../src/lib/responses";
import type { PresentedVersion, StagedFile } from "../../src/modules/docs/presenter";

/** A document version as GET /api/docs/get-all-versions lists it. */
export type Version = Wire<PresentedVersion>;
export type VersionType = Version["type"];

/** What a viewer leaves behind when another version is shown. */
export interface Viewer {
  dispose(): void;
}

export const fileUrl = (id: number, inline = false) => `/api/files/get-doc-version/${id}${inline ? "?inline=1" : ""}`;

/** A fresh copy of a <template>'s first element (the page renders them with translated texts). */
export function cloneTemplate<T extends HTMLElement = HTMLElement>(id: string): T {
  const template = document.getElementById(id) as HTMLTemplateElement;
  return template.content.firstElementChild!.cloneNode(true) as T;
}

/** A short status line in the viewer: loading, empty list, read error. */
export function message(text: string, kind: "info" | "error" = "info") {
  const p = document.createElement("p");
  p.className = `docv-message docv-message--${kind}`;
  if (kind === "error") p.setAttribute("role", "alert");
  p.textContent = text;
  return p;
}

/**
 * POST /api/files/save with one file (multipart field "file"), four minutes as the spec allows;
 * 401 and 403 are handled as the API client does.
 */
export async function uploadFile(file: File): Promise<StagedFile> {
  const form = new FormData();
  form.append("file", file);
  const [uploaded] = await api<StagedFile[]>("files/save", { body: form, timeoutMs: 240_000 });
  return uploaded;
}

/** 'Ошибка чтения файла' in the viewer and as a snackbar, for a file that cannot be shown. */
export function showReadingError(stage: HTMLElement, error: unknown) {
  console.error(error);
  stage.replaceChildren(message(t("docs.readingError"), "error"));
  snack(t("docs.readingError"), "error");
}
