import { signal } from "@preact/signals-react";
import { call, server } from "../../lib/server";

const UPLOAD_TIMEOUT_MS = 240_000;

const readData = (lpId: number) => call(server["layer-poi"]["get-list-of-attached-data"].get({ query: { lpId } }));
const readFiles = (lpId: number) => call(server.files["get-attached-files"].get({ query: { lpId } }));
const readRelated = (layerId: number, lpId: number) => call(server.layer["get-related-data"].get({ query: { layerId, featureSys: String(lpId) } }));

export type AttachedData = Awaited<ReturnType<typeof readData>>[number];
export type AttachedFile = Awaited<ReturnType<typeof readFiles>>[number];
export type RelatedTask = Awaited<ReturnType<typeof readRelated>>["issueList"][number];

/**
 * What is attached to one map object, as its card shows it: data items, files and the tasks placed on it, each list
 * read again after a change. `onChanged` lets the card count them again.
 */
export function createAsset(objectId: number, layerId: number, onChanged: () => void) {
  const data = signal<AttachedData[] | null>(null);
  const files = signal<AttachedFile[] | null>(null);
  const tasks = signal<RelatedTask[] | null>(null);
  const loadData = async () => void (data.value = await readData(objectId));
  const loadFiles = async () => void (files.value = await readFiles(objectId));
  const changed = async (reload: () => Promise<void>) => {
    await reload();
    onChanged();
  };
  return {
    data,
    files,
    tasks,
    objectId,
    async load() {
      await Promise.all([loadData(), loadFiles(), readRelated(layerId, objectId).then((related) => void (tasks.value = related.issueList))]);
    },
    async attachData(adId: number) {
      await call(server["layer-poi"]["add-attached-data"].post({ lpId: objectId, adId }));
      await changed(loadData);
    },
    async detachData(linkId: number) {
      await call(server["layer-poi"]["remove-attached-data"].delete({}, { query: { lpAttachedAd: linkId } }));
      await changed(loadData);
    },
    async uploadFile(file: File) {
      const form = new FormData();
      form.append("file", file, file.name);
      await call(server.files["save-attached-data"].post(form, { query: { lpId: objectId }, fetch: { signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) } }));
      await changed(loadFiles);
    },
    async detachFile(id: number) {
      await call(server.files["attached-file"].delete({}, { query: { id } }));
      await changed(loadFiles);
    },
  };
}

export type Asset = ReturnType<typeof createAsset>;
