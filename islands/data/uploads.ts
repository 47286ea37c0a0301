/**
 * The upload wizard's files (one store per open wizard): each uploads as soon as it is chosen, a few
 * at once, with its progress; a removed file's upload is aborted. Step 2's fields live beside each
 * file, so going back and forth keeps what was typed.
 */
import { signal } from "@preact/signals-react";
import type { DataStatus } from "../../db/schema";
import type { StagedFile } from "../../src/modules/docs/presenter";
import { ApiError, PROOF_HEADERS, signOutLocally } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";

type FileState = "waiting" | "uploading" | "converting" | "done" | "failed";

/** What step 2 asks of each document. */
export interface DocFields {
  name: string;
  provider: string;
  keywords: string;
  status: DataStatus;
  shortDescription: string;
  description: string;
  /** The server found no data source for it. */
  providerMissing: boolean;
}

export interface Entry {
  key: number;
  file: File;
  state: FileState;
  /** 0..100 while the bytes go up. */
  progress: number;
  error?: string;
  staged?: StagedFile;
  fields?: DocFields;
}

/** Uploads at once; the rest wait their turn (one request per file). */
const CONCURRENCY = 3;
const UPLOAD_TIMEOUT = 240_000;

export const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, "") || fileName;

export function createUploads(maxFiles: number) {
  const entries = signal<Entry[]>([]);
  /** How many chosen files did not fit under the limit. */
  const tooMany = signal(0);
  const requests = new Map<number, XMLHttpRequest>();
  let nextKey = 1;

  const update = (key: number, change: Partial<Entry>) => (entries.value = entries.value.map((e) => (e.key === key ? { ...e, ...change } : e)));

  function settle(key: number, change: Partial<Entry>) {
    requests.delete(key);
    update(key, change);
    pump();
  }

  /** One POST /files/save per file, with XMLHttpRequest because fetch reports no upload progress. */
  function upload(entry: Entry) {
    const xhr = new XMLHttpRequest();
    requests.set(entry.key, xhr);
    update(entry.key, { state: "uploading", progress: 0 });
    xhr.open("POST", "/api/files/save");
    for (const [name, value] of Object.entries(PROOF_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.responseType = "json";
    xhr.timeout = UPLOAD_TIMEOUT;
    xhr.upload.addEventListener("progress", (event) => event.lengthComputable && update(entry.key, { progress: (event.loaded / event.total) * 100 }));
    // While the server converts, the bar is indeterminate.
    xhr.upload.addEventListener("load", () => update(entry.key, { state: "converting" }));
    xhr.addEventListener("load", () => {
      const data = xhr.response as (StagedFile[] & { error?: string; message?: string; details?: never[] }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(data) && data[0]) return settle(entry.key, { state: "done", staged: data[0] });
      if (xhr.status === 401) signOutLocally();
      if (xhr.status === 403) snack(t("error.forbidden"), "error");
      settle(entry.key, { state: "failed", error: errorText(new ApiError(xhr.status, data?.error ?? "error", data?.message ?? t("common.error"), data?.details)) });
    });
    const network = () => settle(entry.key, { state: "failed", error: t("error.network") });
    xhr.addEventListener("error", network);
    xhr.addEventListener("timeout", network);
    const form = new FormData();
    form.append("file", entry.file, entry.file.name);
    xhr.send(form);
  }

  function pump() {
    let active = entries.value.filter((e) => e.state === "uploading" || e.state === "converting").length;
    for (const entry of entries.value) {
      if (active >= CONCURRENCY) break;
      if (entry.state !== "waiting") continue;
      upload(entry);
      active++;
    }
  }

  return {
    entries,
    tooMany,
    add(files: File[]) {
      const room = Math.max(0, maxFiles - entries.value.length);
      tooMany.value = Math.max(0, files.length - room);
      entries.value = [...entries.value, ...files.slice(0, room).map((file): Entry => ({ key: nextKey++, file, state: "waiting", progress: 0 }))];
      pump();
    },
    remove(key: number) {
      requests.get(key)?.abort();
      requests.delete(key);
      entries.value = entries.value.filter((e) => e.key !== key);
      tooMany.value = 0;
      pump();
    },
    /** Step 2's fields of every file, each started from its file's name the first time. */
    startForms() {
      entries.value = entries.value.map((e) => e.fields ? e : { ...e, fields: { name: baseName(e.staged?.fileName ?? e.file.name), provider: "", keywords: "", status: "NO_DATA", shortDescription: "", description: "", providerMissing: false } });
    },
    setFields(key: number, change: Partial<DocFields>) {
      entries.value = entries.value.map((e) => (e.key === key && e.fields ? { ...e, fields: { ...e.fields, ...change } } : e));
    },
    /** A closed wizard forgets its files (staged uploads expire on the server). */
    abortAll() {
      for (const xhr of requests.values()) xhr.abort();
      requests.clear();
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
