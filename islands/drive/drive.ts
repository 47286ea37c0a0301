import { previewKind } from "../../src/lib/file-types";
import type { Wire } from "../../src/lib/responses";
import type { DriveQuota } from "../../src/modules/drive/presenter";
import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { shortName, sizeText } from "../lib/files";
import { locale, t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { addToMyFiles, downloadFile, listFiles, uploadFile, type FileEntity } from "./common";
import { iconKey } from "./format";
import { shareDialog } from "./share-dialog";
import { showFile } from "./viewer";

interface DriveState {
  files: FileEntity[];
  me: number;
  open: FileEntity | null;
  openError: "drive.fileNotExist" | "drive.accessDenied" | "error.share_expired" | null;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const narrow = matchMedia("(max-width: 600px)");

/** The drive page: the list, search, uploads, the viewer and the actions on one or several files. */
export function startDrive() {
  const state = JSON.parse($("drive-state").textContent || "{}") as DriveState;
  let files = state.files;
  const selected = new Set<number>();
  const list = $<HTMLUListElement>("drive-list");
  const empty = $("drive-empty");
  const search = $<HTMLInputElement>("drive-search");
  const selectAll = $<HTMLInputElement>("drive-select-all");
  const rowTemplate = $<HTMLTemplateElement>("tpl-drive-row");
  const dates = new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeStyle: "short" });
  const days = new Intl.DateTimeFormat(locale(), { dateStyle: "medium" });
  const byId = (id: number) => files.find((file) => file.id === id);

  const icon = (file: Pick<FileEntity, "name" | "type">) =>
    ($<HTMLTemplateElement>(`tpl-icon-${iconKey(file)}`).content.firstElementChild as Element).cloneNode(true);

  function row(file: FileEntity) {
    const li = (rowTemplate.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
    li.dataset.id = String(file.id);
    li.querySelector("[data-icon]")!.append(icon(file));
    const name = li.querySelector<HTMLButtonElement>("[data-name]")!;
    name.textContent = file.name;
    name.title = file.name;
    li.querySelector("[data-size]")!.textContent = sizeText(file.size);
    const time = li.querySelector<HTMLTimeElement>("[data-date]")!;
    time.dateTime = file.creationDate;
    time.textContent = dates.format(new Date(file.creationDate));
    const badge = li.querySelector<HTMLElement>("[data-shared]")!;
    badge.hidden = !file.isShared;
    badge.textContent = file.shareExpiresAt ? tf("drive.sharedUntil", { date: days.format(new Date(file.shareExpiresAt)) }) : t("drive.shared");
    // Every row keeps its buttons in the same places: a type that cannot be previewed leaves an empty slot.
    li.querySelector<HTMLElement>('[data-act="preview"]:not([data-name])')!.toggleAttribute("data-unavailable", !previewKind(file.name));
    li.querySelector("[data-actions]")!.setAttribute("aria-label", tf("drive.actionsFor", { name: file.name }));
    const check = li.querySelector<HTMLInputElement>("[data-select]")!;
    check.checked = selected.has(file.id);
    check.setAttribute("aria-label", tf("drive.select", { name: file.name }));
    return li;
  }

  function render() {
    for (const id of [...selected]) if (!byId(id)) selected.delete(id);
    list.replaceChildren(...files.map(row));
    empty.hidden = files.length > 0;
    empty.textContent = search.value.trim() ? t("drive.nothingFound") : t("drive.empty");
    renderSelection();
  }

  function renderSelection() {
    const count = selected.size;
    $("drive-count").textContent = count ? tf("drive.selected", { count }) : "";
    $("drive-bulk-actions").hidden = count === 0;
    selectAll.checked = count > 0 && count === files.length;
    selectAll.indeterminate = count > 0 && count < files.length;
  }

  /** Puts changed entities in place (the server's answer wins). */
  function replace(changed: FileEntity[]) {
    const fresh = new Map(changed.map((file) => [file.id, file]));
    files = files.map((file) => fresh.get(file.id) ?? file);
    render();
  }

  async function refreshSpace() {
    try {
      const quota = await api<Wire<DriveQuota>>("files/quota");
      document.querySelector("[data-quota-text]")!.textContent = tf("drive.quota", { used: sizeText(quota.used), quota: sizeText(quota.quota) });
      const bar = document.querySelector<HTMLProgressElement>("[data-quota-bar]")!;
      bar.max = quota.quota;
      bar.value = Math.min(quota.used, quota.quota);
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
      files = await listFiles(search.value.trim(), controller.signal);
      render();
    } catch (error) {
      if (!controller.signal.aborted) reportFailure(error);
    }
  }
  search.addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(reload, 300);
  });

  // Sharing and removal, for one file or the selection.
  async function setShared(ids: number[], share: boolean) {
    try {
      const changed = await api<FileEntity[]>(share ? "files/share" : "files/withdraw", { method: "POST", query: { ids: ids.join(",") } });
      replace(changed);
      snack(t(share ? "drive.fileShared" : "drive.fileNotShared"), "success");
    } catch (error) {
      reportFailure(error);
    }
  }

  const confirmDialog = $<HTMLDialogElement>("drive-confirm");
  function confirmRemoval(text: string): Promise<boolean> {
    confirmDialog.querySelector("[data-confirm-text]")!.textContent = text;
    confirmDialog.returnValue = "";
    confirmDialog.showModal();
    return new Promise((resolve) => confirmDialog.addEventListener("close", () => resolve(confirmDialog.returnValue === "ok"), { once: true }));
  }

  async function remove(ids: number[]) {
    const shared = ids.map(byId).filter((file) => file?.isShared) as FileEntity[];
    // Spec 1 section 4: removing a shared file needs confirmation first.
    if (shared.length) {
      const text = ids.length === 1 ? tf("drive.removeSharedConfirm", { name: shared[0].name }) : tf("drive.removeSharedManyConfirm", { count: ids.length });
      if (!(await confirmRemoval(text))) return;
    }
    try {
      await api("files/remove", { method: "POST", query: { ids: ids.join(",") } });
      const gone = new Set(ids);
      files = files.filter((file) => !gone.has(file.id));
      render();
      snack(t("drive.fileDeleted"), "success");
      refreshSpace();
    } catch (error) {
      reportFailure(error);
    }
  }

  const openShare = shareDialog((file) => replace([file]));

  list.addEventListener("click", (event) => {
    const target = event.target as Element;
    const id = Number(target.closest<HTMLElement>("[data-id]")?.dataset.id);
    const file = byId(id);
    if (!file) return;
    const check = target.closest<HTMLInputElement>("[data-select]");
    if (check) {
      if (check.checked) selected.add(id);
      else selected.delete(id);
      renderSelection();
      return;
    }
    const action = target.closest<HTMLElement>("[data-act]")?.dataset.act;
    // A file that cannot be previewed opens as a download, as in other drives.
    if (action === "preview") previewKind(file.name) ? openViewer(file) : downloadFile(file);
    else if (action === "download") downloadFile(file);
    else if (action === "share") openShare(file);
    else if (action === "remove") remove([id]);
  });

  selectAll.addEventListener("change", () => {
    if (selectAll.checked) files.forEach((file) => selected.add(file.id));
    else selected.clear();
    render();
  });

  $("drive-bulk-actions").addEventListener("click", (event) => {
    const action = (event.target as Element).closest<HTMLElement>("[data-bulk]")?.dataset.bulk;
    const ids = [...selected];
    if (!action) return;
    if (action === "clear") {
      selected.clear();
      render();
    } else if (ids.length && action === "share") setShared(ids, true);
    else if (ids.length && action === "withdraw") setShared(ids, false);
    else if (ids.length && action === "remove") remove(ids);
  });

  // Uploads: one request per file, one after another, each with its progress bar.
  const uploadInput = $<HTMLInputElement>("drive-upload-input");
  const uploads = $<HTMLUListElement>("drive-uploads");
  $("drive-upload").addEventListener("click", () => uploadInput.click());
  uploadInput.addEventListener("change", async () => {
    const chosen = [...(uploadInput.files ?? [])];
    uploadInput.value = "";
    if (!chosen.length) return;
    uploads.parentElement!.hidden = false;
    const rows = chosen.map((file) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.textContent = file.name;
      const bar = document.createElement("progress");
      bar.max = 1;
      bar.value = 0;
      bar.setAttribute("aria-label", file.name);
      li.append(name, bar);
      uploads.append(li);
      return { file, li, bar };
    });
    let done = 0;
    for (const { file, li, bar } of rows) {
      try {
        const saved = await uploadFile(file, (fraction) => (bar.value = fraction));
        done++;
        li.remove();
        if (!search.value.trim() || saved.name.toLowerCase().includes(search.value.trim().toLowerCase())) {
          files = [saved, ...files];
          render();
        }
      } catch (error) {
        li.dataset.failed = "";
        bar.remove();
        li.querySelector("span")!.textContent = tf("drive.uploadFailed", { name: file.name, reason: errorText(error) });
        reportFailure(error, tf("drive.uploadFailed", { name: file.name, reason: errorText(error) }));
      }
    }
    if (done) snack(tf("drive.uploadDone", { count: done }), "success");
    if (!uploads.children.length) uploads.parentElement!.hidden = true;
    refreshSpace();
  });

  // The viewer: a dialog over the list.
  const viewer = $<HTMLDialogElement>("viewer");
  const stage = viewer.querySelector<HTMLElement>("[data-viewer-stage]")!;
  const addButton = viewer.querySelector<HTMLButtonElement>("[data-viewer-add]")!;
  let viewing: { file: FileEntity; controller: AbortController } | undefined;

  function openViewer(file: FileEntity) {
    viewing?.controller.abort();
    viewing = { file, controller: new AbortController() };
    const title = viewer.querySelector<HTMLElement>("[data-viewer-title]")!;
    title.textContent = shortName(file.name, narrow.matches ? 15 : 45);
    title.title = file.name;
    viewer.querySelector("[data-viewer-icon]")!.replaceChildren(icon(file));
    addButton.hidden = file.owner.id === state.me;
    addButton.disabled = false;
    if (!viewer.open) viewer.showModal();
    showFile(stage, file, viewing.controller.signal);
  }

  viewer.addEventListener("click", (event) => {
    if ((event.target as Element).closest("[data-close]")) viewer.close();
  });
  viewer.addEventListener("close", () => {
    viewing?.controller.abort();
    viewing = undefined;
    stage.replaceChildren();
    if (location.pathname !== "/drive") history.replaceState(null, "", "/drive");
  });
  viewer.querySelector("[data-viewer-download]")!.addEventListener("click", () => viewing && downloadFile(viewing.file));
  addButton.addEventListener("click", async () => {
    if (!viewing) return;
    addButton.disabled = true;
    try {
      const copy = await addToMyFiles(viewing.file.token);
      snack(t("drive.fileAdded"), "success");
      addButton.hidden = true;
      if (!search.value.trim()) {
        files = [copy, ...files];
        render();
      } else reload();
      refreshSpace();
    } catch (error) {
      addButton.disabled = false;
      reportFailure(error, t("drive.addingFilesFailed"));
    }
  });

  render();
  // /drive/{token}: the shared file opens at once; a link that does not work says why.
  if (state.open) openViewer(state.open);
  else if (state.openError) {
    snack(t(state.openError), "error");
    history.replaceState(null, "", "/drive");
  }
}
