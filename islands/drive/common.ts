import { ApiError, PROOF_HEADERS, signOutLocally } from "../lib/api";
import { t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import type { Wire } from "../../src/lib/responses";
import type { FileEntity as PresentedFile } from "../../src/modules/drive/presenter";

/** A drive file as the /api/files calls return it. */
export type FileEntity = Wire<PresentedFile>;

/** The actor's own files whose name contains `name` in any case and script, newest first. */
export const listFiles = (name: string, signal?: AbortSignal) => call(server.files["get-file-entities"].get({ query: { name }, fetch: { signal } }));

/** Copies a file the actor may read (shared by link, or sent into one of their chats) into their own drive. */
export const addToMyFiles = (token: string) => call(server.files["add-file-entity"]({ token }).post());

/** The public link of a shared file: give it the file's shareToken, never its own token. */
export const shareLink = (shareToken: string) => `${location.origin}/shared-file/${encodeURIComponent(shareToken)}`;

/** The largest file the drive takes (spec 1 section 9); the server enforces it too. */
const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;

/**
 * POST /api/files/save-user-file with one file, reporting upload progress (0..1); 240 s as the
 * spec allows uploads. 401 and 403 are handled as the API client does.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<FileEntity> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new ApiError(413, "payload_too_large", t("error.payload_too_large")));
  if (file.size === 0) return Promise.reject(new ApiError(422, "file_empty", t("error.file_empty")));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/files/save-user-file");
    for (const [name, value] of Object.entries(PROOF_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.timeout = 240_000;
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const data = xhr.response as (FileEntity & { error?: string; message?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && data) return resolve(data);
      if (xhr.status === 401) signOutLocally();
      else if (xhr.status === 403) snack(t("error.forbidden"), "error");
      reject(new ApiError(xhr.status, data?.error ?? "error", data?.message ?? t("common.error")));
    };
    xhr.onerror = xhr.ontimeout = () => reject(new ApiError(0, "network", t("error.network")));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
