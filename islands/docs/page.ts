import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { cloneTemplate, fileUrl, message, uploadFile, type Version, type VersionType, type Viewer } from "./common";
import { loadBody, TextSearch } from "./docx";
import { showVersion } from "./version-view";
import { arrowTabs, startFrame } from "../data/frame";

/** What the page hands its script (see pages/project/[projectId]/doc/[docId].astro). */
interface PageState {
  dataId: number;
  canModerate: boolean;
  versions: Version[];
  /** Author names by user id. */
  authors: Record<string, string>;
  me: { id: number; name: string };
}

const TYPES: VersionType[] = ["PDF", "MS_DOC", "OTHER"];
const VERSION_TIMEOUT = 120_000;

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/**
 * The document page: versions (select, type tabs, add, edit, remove), the viewer for the selected
 * version (DOCX text with structure and search, PDF, image, or a download notice), compare of two
 * Word versions, the info panel, and full screen.
 */
export function startDocPage() {
  const state = JSON.parse(byId("doc-state").textContent!) as PageState;
  let versions = state.versions;
  let selectedId: number | undefined = versions[0]?.id;
  let activeType: VersionType | undefined = versions[0]?.type;

  const main = byId("doc-main");
  const viewer = byId("doc-viewer");
  const stage = byId("viewer-stage");
  const title = byId("viewer-title");
  const download = byId<HTMLAnchorElement>("download");
  const compareOpen = byId<HTMLButtonElement>("compare-open");
  const list = byId<HTMLUListElement>("version-list");
  const empty = byId("versions-empty");
  const typeTabs = byId("type-tabs");
  const search = new TextSearch(byId("doc-search"));
  const dateFormat = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "short", timeStyle: "short" });

  const selected = () => versions.find((v) => v.id === selectedId);
  const typesPresent = () => TYPES.filter((type) => versions.some((v) => v.type === type));
  const shown = () => (typesPresent().length > 1 && activeType ? versions.filter((v) => v.type === activeType) : versions);
  const authorOf = (v: Version) => (v.authorId === null ? "" : (state.authors[v.authorId] ?? ""));

  // ---------------------------------------------------------------------------------------------
  // Viewer

  let viewerNow: Viewer | undefined;
  let showing: AbortController | undefined;

  /** Stops and clears whatever the viewer shows; the returned signal aborts when something else is shown. */
  function resetViewer(): AbortController {
    showing?.abort();
    const controller = (showing = new AbortController());
    viewerNow?.dispose();
    viewerNow = undefined;
    search.detach();
    return controller;
  }

  /** Shows `version` (or the empty state) in the viewer, dropping whatever was shown before. */
  async function show(version: Version | undefined) {
    const controller = resetViewer();
    title.textContent = version?.name ?? "";
    download.hidden = !version;
    if (version) download.href = fileUrl(version.id);
    if (!version) {
      stage.replaceChildren(message(t("docs.emptyList")));
      return;
    }
    const next = await showVersion(stage, version, search, controller.signal);
    if (controller.signal.aborted) next?.dispose();
    else viewerNow = next;
  }

  // ---------------------------------------------------------------------------------------------
  // Versions list and type tabs

  function renderTabs() {
    const types = typesPresent();
    typeTabs.hidden = types.length < 2;
    if (types.length < 2) return typeTabs.replaceChildren();
    if (!activeType || !types.includes(activeType)) activeType = types[0];
    typeTabs.replaceChildren(
      ...types.map((type) => {
        const tab = document.createElement("button");
        tab.type = "button";
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-controls", "version-list");
        tab.setAttribute("aria-selected", String(type === activeType));
        tab.tabIndex = type === activeType ? 0 : -1;
        tab.dataset.type = type;
        tab.textContent = t(`docs.view.type${type}`);
        return tab;
      }),
    );
  }

  function renderList() {
    renderTabs();
    const rows = shown();
    empty.hidden = versions.length > 0;
    compareOpen.hidden = versions.filter((v) => v.type === "MS_DOC").length < 2;
    list.replaceChildren(
      ...rows.map((v) => {
        const row = cloneTemplate<HTMLLIElement>("tpl-version");
        row.dataset.id = String(v.id);
        row.querySelector("[data-name]")!.textContent = v.name;
        const time = row.querySelector("time")!;
        time.dateTime = v.creationDate;
        time.textContent = dateFormat.format(new Date(v.creationDate));
        const author = authorOf(v);
        row.querySelector("[data-author]")!.textContent = author ? tf("docs.view.author", { name: author }) : "";
        row.querySelector("[data-type]")!.textContent = t(`docs.view.type${v.type}`);
        row.querySelector("[data-edit]")?.setAttribute("aria-label", tf("docs.view.edit", { name: v.name }));
        row.querySelector("[data-remove]")?.setAttribute("aria-label", tf("docs.view.remove", { name: v.name }));
        return row;
      }),
    );
    markSelected();
  }

  function markSelected() {
    for (const row of list.children as HTMLCollectionOf<HTMLElement>) {
      const on = Number(row.dataset.id) === selectedId;
      row.classList.toggle("is-selected", on);
      row.querySelector("[data-select]")!.setAttribute("aria-current", String(on));
    }
  }

  function select(id: number | undefined) {
    selectedId = id;
    markSelected();
    void show(selected());
  }

  const rowVersion = (el: Element) => versions.find((v) => v.id === Number(el.closest<HTMLElement>("li")?.dataset.id));

  list.addEventListener("click", (event) => {
    const button = (event.target as Element).closest("button");
    const version = button && rowVersion(button);
    if (!version) return;
    if (button.hasAttribute("data-select")) {
      if (version.id !== selectedId) select(version.id);
    } else if (button.hasAttribute("data-edit")) openEdit(version);
    else if (button.hasAttribute("data-remove")) openRemove(version);
  });

  const chooseType = (type: VersionType) => {
    activeType = type;
    renderList();
    select(shown()[0]?.id);
    typeTabs.querySelector<HTMLElement>(`[data-type="${type}"]`)?.focus();
  };
  typeTabs.addEventListener("click", (event) => {
    const tab = (event.target as Element).closest<HTMLElement>("[role=tab]");
    if (tab && tab.dataset.type !== activeType) chooseType(tab.dataset.type as VersionType);
  });
  typeTabs.addEventListener("keydown", (event) => arrowTabs(event, typesPresent(), activeType, chooseType));

  // ---------------------------------------------------------------------------------------------
  // Add, edit, remove (moderators; the server checks again)

  const addDialog = document.getElementById("add-dialog") as HTMLDialogElement | null;
  const editDialog = document.getElementById("edit-dialog") as HTMLDialogElement | null;
  const removeDialog = document.getElementById("remove-dialog") as HTMLDialogElement | null;
  let editing: Version | undefined;
  let removing: Version | undefined;

  document.getElementById("add-version")?.addEventListener("click", () => {
    const form = addDialog!.querySelector("form")!;
    form.reset();
    formMessage(form, "");
    addDialog!.showModal();
  });

  addDialog?.querySelector("form")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return formMessage(form, t("docs.view.chooseFile"));
    const submit = form.querySelector<HTMLButtonElement>("[type=submit]")!;
    submit.disabled = true;
    formMessage(form, t("docs.view.uploading"), "note");
    try {
      const staged = await uploadFile(file);
      const version = await api<Version>("docs/add-doc-version", { body: { data: { id: state.dataId }, path: staged.path }, timeoutMs: VERSION_TIMEOUT });
      state.authors[state.me.id] = state.me.name;
      versions = [version, ...versions];
      activeType = version.type;
      addDialog!.close();
      renderList();
      select(version.id);
      snack(t("docs.view.versionAdded"), "success");
    } catch (error) {
      formMessage(form, errorText(error));
      reportFailure(error);
    } finally {
      submit.disabled = false;
    }
  });

  function openEdit(version: Version) {
    editing = version;
    const form = editDialog!.querySelector("form")!;
    formMessage(form, "");
    (form.elements.namedItem("name") as HTMLInputElement).value = version.name;
    const description = form.elements.namedItem("description") as HTMLTextAreaElement;
    description.value = version.description;
    description.dispatchEvent(new Event("input"));
    editDialog!.showModal();
  }

  editDialog?.querySelector("form")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const name = (form.elements.namedItem("name") as HTMLInputElement).value.trim();
    const description = (form.elements.namedItem("description") as HTMLTextAreaElement).value;
    if (!editing || !name) return;
    const submit = form.querySelector<HTMLButtonElement>("[type=submit]")!;
    submit.disabled = true;
    try {
      const saved = await api<Version>("docs/update-doc-version", { body: { id: editing.id, name, description }, timeoutMs: VERSION_TIMEOUT });
      versions = versions.map((v) => (v.id === saved.id ? { ...v, name: saved.name, description: saved.description } : v));
      editDialog!.close();
      renderList();
      if (saved.id === selectedId) title.textContent = saved.name;
      list.querySelector<HTMLElement>(`li[data-id="${saved.id}"] [data-edit]`)?.focus();
      snack(t("docs.view.versionSaved"), "success");
    } catch (error) {
      formMessage(form, errorText(error));
      reportFailure(error);
    } finally {
      submit.disabled = false;
    }
  });

  editDialog?.querySelectorAll<HTMLTextAreaElement>("textarea[maxlength]").forEach((area) => {
    const counter = editDialog.querySelector(`[data-counter-for="${area.name}"]`)!;
    area.addEventListener("input", () => (counter.textContent = `${area.value.length} / ${area.maxLength}`));
  });

  function openRemove(version: Version) {
    removing = version;
    removeDialog!.querySelector("[data-remove-text]")!.textContent = tf("docs.view.removeConfirm", { name: version.name });
    removeDialog!.showModal();
  }

  removeDialog?.querySelector("form")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!removing) return;
    const gone = removing;
    const submit = removeDialog.querySelector<HTMLButtonElement>("[type=submit]")!;
    submit.disabled = true;
    try {
      await api(`docs/remove-doc-version/${gone.id}`, { method: "POST", timeoutMs: VERSION_TIMEOUT });
      removeDialog.close();
      versions = versions.filter((v) => v.id !== gone.id);
      // After the last version goes the list is read again from the server.
      if (!versions.length) versions = await api<Version[]>(`docs/get-all-versions/${state.dataId}`, { timeoutMs: 30_000 });
      renderList();
      if (gone.id === selectedId || !selected()) select(shown()[0]?.id ?? versions[0]?.id);
      list.querySelector<HTMLElement>("[data-select]")?.focus();
      snack(t("docs.view.versionRemoved"), "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      submit.disabled = false;
    }
  });

  document.querySelectorAll<HTMLButtonElement>("dialog [data-cancel]").forEach((button) =>
    button.addEventListener("click", () => button.closest("dialog")!.close()),
  );

  // ---------------------------------------------------------------------------------------------
  // Compare two Word versions

  const compareDialog = byId<HTMLDialogElement>("compare-dialog");
  const compareForm = compareDialog.querySelector("form")!;
  const original = compareForm.elements.namedItem("original") as HTMLSelectElement;
  const edited = compareForm.elements.namedItem("edited") as HTMLSelectElement;
  const compareSubmit = compareForm.querySelector<HTMLButtonElement>("[type=submit]")!;
  const compareHint = compareForm.querySelector<HTMLElement>("[data-same-hint]")!;
  const checkCompare = () => {
    const same = !!original.value && original.value === edited.value;
    compareHint.hidden = !same;
    compareSubmit.disabled = !original.value || !edited.value || same;
  };
  original.addEventListener("change", checkCompare);
  edited.addEventListener("change", checkCompare);

  compareOpen.addEventListener("click", () => {
    // Newest first: the dialog opens on the two latest Word versions, the older as the original.
    const words = versions.filter((v) => v.type === "MS_DOC");
    for (const [select, start] of [[original, words[1]], [edited, words[0]]] as const) {
      const placeholder = select.options[0];
      select.replaceChildren(
        placeholder,
        ...words.map((v) => new Option(`${v.name} · ${dateFormat.format(new Date(v.creationDate))}`, String(v.id))),
      );
      select.value = start ? String(start.id) : "";
    }
    checkCompare();
    compareDialog.showModal();
  });

  compareForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const before = versions.find((v) => v.id === Number(original.value));
    const after = versions.find((v) => v.id === Number(edited.value));
    if (!before || !after || before === after) return;
    compareDialog.close();
    const controller = resetViewer();
    stage.replaceChildren(message(t("common.loading")));
    try {
      const [{ diffHtml }, a, b] = await Promise.all([import("../../src/lib/html-diff"), loadBody(before.id), loadBody(after.id)]);
      if (controller.signal.aborted) return;
      const view = cloneTemplate("tpl-compare");
      view.querySelector("[data-compare-title]")!.textContent = tf("docs.view.comparing", { from: before.name, to: after.name });
      const body = view.querySelector<HTMLElement>("[data-compare-body]")!;
      body.innerHTML = diffHtml(a, b);
      // The two bodies share heading ids; the viewer's copy keeps them.
      body.querySelectorAll("[id]").forEach((el) => el.removeAttribute("id"));
      view.querySelector("[data-end-compare]")!.addEventListener("click", () => void show(selected()));
      stage.replaceChildren(view);
      view.querySelector<HTMLElement>("[data-end-compare]")!.focus();
    } catch (error) {
      if (controller.signal.aborted) return;
      stage.replaceChildren(message(t("docs.readingError"), "error"));
      reportFailure(error);
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Side panel, info and full screen

  startFrame({
    main,
    viewer,
    tabs: byId("side-tabs"),
    infoToggle: byId<HTMLButtonElement>("info-toggle"),
    fullToggle: byId<HTMLButtonElement>("fullscreen-toggle"),
  });

  renderList();
  void show(selected());
}

function formMessage(form: HTMLFormElement, text: string, kind: "error" | "note" = "error") {
  const box = form.querySelector<HTMLElement>("[data-form-message]")!;
  box.className = kind === "error" ? "form-error" : "form-note";
  box.textContent = text;
  box.hidden = !text;
}
