/**
 * The drive page's state and actions: the list as the server last answered it, the selection, the
 * search, uploads in progress, the quota, and which file the viewer and the share dialog show. One
 * store per page (createDriveStore from the page's props, handed down by DriveContext), so nothing
 * is shared between requests while Astro renders on the server.
 */
import { batch, signal } from "@preact/signals-react";
import { createContext, useContext } from "react";
import type { Wire } from "../../src/lib/responses";
import type { DriveQuota } from "../../src/modules/drive/presenter";
import { errorText, reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { addToMyFiles, type FileEntity, listFiles, uploadFile } from "./common";

export interface Upload {
  key: number;
  name: string;
  /** 0..1 while it runs. */
  progress: number;
  /** Why it failed, once it did. */
  failed?: string;
}

const SEARCH_DELAY_MS = 300;

export function createDriveStore(initialFiles: FileEntity[], initialQuota: Wire<DriveQuota>) {
  const files = signal(initialFiles);
  const selected = signal<ReadonlySet<number>>(new Set());
  /** The search as typed; the list is the server's answer to it. */
  const query = signal("");
  const quota = signal(initialQuota);
  const uploads = signal<Upload[]>([]);
  /** The file in the viewer, and whether it was added to one's files from there. */
  const viewing = signal<{ file: FileEntity; added: boolean } | null>(null);
  /** The file in the share dialog. */
  const sharing = signal<FileEntity | null>(null);

  const byId = (id: number) => files.value.find((file) => file.id === id);
  const matches = (file: FileEntity) => !query.value.trim() || file.name.toLowerCase().includes(query.value.trim().toLowerCase());

  function setFiles(next: FileEntity[]) {
    const present = new Set(next.map((file) => file.id));
    batch(() => {
      files.value = next;
      if ([...selected.value].some((id) => !present.has(id))) selected.value = new Set([...selected.value].filter((id) => present.has(id)));
    });
  }

  /** Puts changed entities in place (the server's answer wins). */
  function replace(changed: FileEntity[]) {
    const fresh = new Map(changed.map((file) => [file.id, file]));
    files.value = files.value.map((file) => fresh.get(file.id) ?? file);
    if (sharing.value && fresh.has(sharing.value.id)) sharing.value = fresh.get(sharing.value.id)!;
  }

  async function refreshQuota() {
    try {
      quota.value = await call(server.files.quota.get());
    } catch {
      // The figure stays as it was; nothing the person asked for failed.
    }
  }

  // Search: newest first, filtered on the server; a newer query cancels the one in flight.
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let searching: AbortController | undefined;
  async function reload() {
    searching?.abort();
    const controller = new AbortController();
    searching = controller;
    try {
      const found = await listFiles(query.value.trim(), controller.signal);
      if (searching === controller) setFiles(found);
    } catch (error) {
      if (!controller.signal.aborted) reportFailure(error);
    }
  }
  function search(text: string) {
    query.value = text;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(reload, SEARCH_DELAY_MS);
  }

  const ids = (list: number[]) => ({ query: { ids: list.join(",") } });

  /** Shares or withdraws the links of `list` (ids); the dialog's own calls throw instead of saying so. */
  async function setShared(list: number[], share: boolean) {
    const changed = await call(share ? server.files.share.post(undefined, ids(list)) : server.files.withdraw.post(undefined, ids(list)));
    replace(changed);
    snack(t(share ? "drive.fileShared" : "drive.fileNotShared"), "success");
    return changed[0]!;
  }

  async function remove(list: number[]) {
    try {
      await call(server.files.remove.post(undefined, ids(list)));
      const gone = new Set(list);
      setFiles(files.value.filter((file) => !gone.has(file.id)));
      snack(t("drive.fileDeleted"), "success");
      refreshQuota();
    } catch (error) {
      reportFailure(error);
    }
  }

  const updateUpload = (key: number, change: Partial<Upload>) => (uploads.value = uploads.value.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  /** One request per file, one after another, each with its progress; a failed one stays listed with its reason. */
  async function upload(chosen: File[]) {
    const started = chosen.map((file, i) => ({ file, key: Date.now() + i }));
    uploads.value = [...uploads.value, ...started.map(({ file, key }) => ({ key, name: file.name, progress: 0 }))];
    let done = 0;
    for (const { file, key } of started) {
      try {
        const saved = await uploadFile(file, (progress) => updateUpload(key, { progress }));
        done++;
        uploads.value = uploads.value.filter((upload) => upload.key !== key);
        if (matches(saved)) files.value = [saved, ...files.value];
      } catch (error) {
        const failed = tf("drive.uploadFailed", { name: file.name, reason: errorText(error) });
        updateUpload(key, { failed });
        reportFailure(error, failed);
      }
    }
    if (done) snack(tf("drive.uploadDone", { count: done }), "success");
    refreshQuota();
  }

  /** Copies the viewed file into one's own drive; false when that failed (said in a snackbar). */
  async function addViewed() {
    const shown = viewing.value;
    if (!shown) return false;
    try {
      const copy = await addToMyFiles(shown.file.token);
      snack(t("drive.fileAdded"), "success");
      viewing.value = { ...shown, added: true };
      if (query.value.trim()) reload();
      else files.value = [copy, ...files.value];
      refreshQuota();
      return true;
    } catch (error) {
      reportFailure(error, t("drive.addingFilesFailed"));
      return false;
    }
  }

  return {
    files,
    selected,
    query,
    quota,
    uploads,
    viewing,
    sharing,
    byId,
    search,
    setShared,
    remove,
    upload,
    addViewed,
    replace,
    select: (id: number, on: boolean) => {
      const next = new Set(selected.value);
      if (on) next.add(id);
      else next.delete(id);
      selected.value = next;
    },
    selectAll: (on: boolean) => (selected.value = new Set(on ? files.value.map((file) => file.id) : [])),
    view: (file: FileEntity | null) => (viewing.value = file && { file, added: false }),
    share: (file: FileEntity | null) => (sharing.value = file),
  };
}

export type DriveStore = ReturnType<typeof createDriveStore>;

export const DriveContext = createContext<DriveStore | null>(null);

/** The page's store, from the nearest DriveContext. */
export const useDrive = () => useContext(DriveContext)!;
