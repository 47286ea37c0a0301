import { api, ApiError, PROOF_HEADERS, signOutLocally } from "../lib/api";
import { errorText } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { fileIconElement } from "../lib/file-icons";
import { byId } from "./common";
import type { StagedFile } from "../../src/modules/docs/presenter";
import type { CreateOptions } from "./creators";

type FileState = "waiting" | "uploading" | "converting" | "done" | "failed";

interface Entry {
  file: File;
  state: FileState;
  /** 0..100 while the bytes go up. */
  progress: number;
  error?: string;
  staged?: StagedFile;
  xhr?: XMLHttpRequest;
  row: HTMLLIElement;
  /** The step-2 form, kept when going back so typed values survive. */
  form?: HTMLFieldSetElement;
}

/** Uploads at once; the rest wait their turn (one request per file). */
const CONCURRENCY = 3;
const UPLOAD_TIMEOUT = 240_000;
const SAVE_TIMEOUT = 120_000;

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, "") || fileName;
const splitKeywords = (text: string) => text.split(",").map((k) => k.trim()).filter(Boolean);

let wizard: ReturnType<typeof createWizard> | undefined;

/** Opens the page's document upload wizard (pages/_components/data/UploadWizard.astro). */
export function openUploadWizard(options: CreateOptions) {
  wizard ??= createWizard();
  wizard.open(options);
}

function createWizard() {
  const dialog = byId<HTMLDialogElement>("upload-wizard");
  const projectId = Number(dialog.dataset.projectId);
  const maxFiles = Number(dialog.dataset.maxFiles) || 100;
  const q = <T extends Element = HTMLElement>(selector: string) => dialog.querySelector<T>(selector)!;
  const steps = [q("[data-step='1']"), q("[data-step='2']")];
  const stepLabel = q("[data-wizard-step-label]");
  const input = q<HTMLInputElement>("#wizard-files");
  const drop = q("[data-wizard-drop]");
  const fileList = q<HTMLUListElement>("[data-wizard-files]");
  const hint = q("[data-wizard-hint]");
  const forms = q("[data-wizard-forms]");
  const formError = q("[data-wizard-error]");
  const next = q<HTMLButtonElement>("[data-wizard-next]");
  const back = q<HTMLButtonElement>("[data-wizard-back]");
  const save = q<HTMLButtonElement>("[data-wizard-save]");
  const fileTemplate = q<HTMLTemplateElement>("#wizard-file-template");
  const docTemplate = q<HTMLTemplateElement>("#wizard-doc-template");
  const allFields = q<HTMLFieldSetElement>("[data-wizard-all]");
  const applied = q("[data-wizard-applied]");

  let entries: Entry[] = [];
  let onSaved: () => void = () => {};
  let tooMany = 0;
  let saving = false;

  // ---------------------------------------------------------------------------------------------
  // Step 1: files upload as soon as they are chosen

  function showStep(n: 1 | 2) {
    steps.forEach((section, i) => (section.hidden = i !== n - 1));
    stepLabel.textContent = tf("data.wizard.step", { n });
    next.hidden = n !== 1;
    back.hidden = n !== 2;
    save.hidden = n !== 2;
    refresh();
  }

  function statusText(entry: Entry) {
    switch (entry.state) {
      case "waiting":
        return t("data.wizard.waiting");
      case "uploading":
        return tf("data.wizard.uploading", { percent: Math.round(entry.progress) });
      case "converting":
        return t("data.wizard.converting");
      case "done":
        return t("data.wizard.done");
      case "failed":
        return entry.error ?? t("common.error");
    }
  }

  function renderEntry(entry: Entry) {
    entry.row.dataset.state = entry.state;
    const progress = entry.row.querySelector<HTMLProgressElement>("[data-file-progress]")!;
    progress.value = entry.state === "converting" || entry.state === "done" ? 100 : entry.progress;
    // While the server converts, the bar is indeterminate.
    if (entry.state === "converting") progress.removeAttribute("value");
    entry.row.querySelector("[data-file-status]")!.textContent = statusText(entry);
  }

  /** Next needs at least one file and every remaining one uploaded (and converted, which the same request does). */
  function refresh() {
    const failed = entries.some((e) => e.state === "failed");
    next.disabled = entries.length === 0 || entries.some((e) => e.state !== "done");
    const messages = [tooMany ? tf("data.wizard.tooMany", { max: maxFiles, n: tooMany }) : "", failed ? t("data.wizard.removeFailed") : ""];
    hint.textContent = messages.filter(Boolean).join(" ");
    hint.hidden = !hint.textContent;
    save.disabled = saving;
  }

  function addFiles(files: File[]) {
    const room = Math.max(0, maxFiles - entries.length);
    tooMany = Math.max(0, files.length - room);
    for (const file of files.slice(0, room)) {
      const row = fileTemplate.content.firstElementChild!.cloneNode(true) as HTMLLIElement;
      row.querySelector("[data-file-name]")!.textContent = file.name;
      row.querySelector("[data-file-icon]")!.replaceChildren(fileIconElement(file.name));
      row.querySelector("[data-file-progress]")!.setAttribute("aria-label", file.name);
      const remove = row.querySelector<HTMLButtonElement>("[data-file-remove]")!;
      remove.setAttribute("aria-label", tf("data.wizard.removeFile", { name: file.name }));
      remove.title = remove.getAttribute("aria-label")!;
      const entry: Entry = { file, state: "waiting", progress: 0, row };
      remove.addEventListener("click", () => removeEntry(entry));
      entries.push(entry);
      fileList.append(row);
      renderEntry(entry);
    }
    pump();
    refresh();
  }

  function removeEntry(entry: Entry) {
    const at = entries.indexOf(entry);
    if (at < 0) return;
    entry.xhr?.abort();
    entry.row.remove();
    entry.form?.remove();
    entries.splice(at, 1);
    tooMany = 0;
    const neighbour = entries[Math.min(at, entries.length - 1)];
    (neighbour?.row.querySelector<HTMLButtonElement>("[data-file-remove]") ?? input).focus();
    pump();
    refresh();
  }

  function pump() {
    let active = entries.filter((e) => e.state === "uploading" || e.state === "converting").length;
    for (const entry of entries) {
      if (active >= CONCURRENCY) break;
      if (entry.state !== "waiting") continue;
      upload(entry);
      active++;
    }
  }

  function settle(entry: Entry, state: FileState, error?: string) {
    entry.state = state;
    entry.error = error;
    entry.xhr = undefined;
    if (!entries.includes(entry)) return;
    renderEntry(entry);
    pump();
    refresh();
  }

  /** One POST /files/save per file, with XMLHttpRequest because fetch reports no upload progress. */
  function upload(entry: Entry) {
    const xhr = new XMLHttpRequest();
    entry.xhr = xhr;
    entry.state = "uploading";
    entry.progress = 0;
    renderEntry(entry);
    xhr.open("POST", "/api/files/save");
    for (const [name, value] of Object.entries(PROOF_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.responseType = "json";
    xhr.timeout = UPLOAD_TIMEOUT;
    xhr.upload.addEventListener("progress", (event) => {
      if (!event.lengthComputable || entry.state !== "uploading") return;
      entry.progress = (event.loaded / event.total) * 100;
      renderEntry(entry);
    });
    xhr.upload.addEventListener("load", () => {
      if (entry.state !== "uploading") return;
      entry.state = "converting";
      renderEntry(entry);
      refresh();
    });
    xhr.addEventListener("load", () => {
      const data = xhr.response as (StagedFile[] & { error?: string; message?: string; details?: never[] }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(data) && data[0]) {
        entry.staged = data[0];
        return settle(entry, "done");
      }
      if (xhr.status === 401) signOutLocally();
      if (xhr.status === 403) snack(t("error.forbidden"), "error");
      settle(entry, "failed", errorText(new ApiError(xhr.status, data?.error ?? "error", data?.message ?? t("common.error"), data?.details)));
    });
    const network = () => settle(entry, "failed", t("error.network"));
    xhr.addEventListener("error", network);
    xhr.addEventListener("timeout", network);
    const form = new FormData();
    form.append("file", entry.file, entry.file.name);
    xhr.send(form);
  }

  input.addEventListener("change", () => {
    addFiles([...(input.files ?? [])]);
    input.value = "";
  });
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("is-over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("is-over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("is-over");
    addFiles([...(event.dataTransfer?.files ?? [])]);
  });

  // ---------------------------------------------------------------------------------------------
  // Step 2: one form per file

  const fieldOf = <T extends HTMLElement = HTMLInputElement>(form: HTMLFieldSetElement, name: string) =>
    form.querySelector<T>(`[data-field="${name}"]`)!;

  function formFor(entry: Entry, index: number) {
    if (!entry.form) {
      const form = docTemplate.content.firstElementChild!.cloneNode(true) as HTMLFieldSetElement;
      const key = `wizard-doc-${Math.random().toString(36).slice(2, 9)}`;
      form.querySelectorAll<HTMLElement>("[data-field]").forEach((control) => {
        control.id = `${key}-${control.dataset.field}`;
        form.querySelector(`label[data-for="${control.dataset.field}"]`)?.setAttribute("for", control.id);
        const error = form.querySelector(`[data-error="${control.dataset.field}"]`);
        if (error) {
          error.id = `${control.id}-error`;
          control.setAttribute("aria-describedby", error.id);
        }
      });
      fieldOf(form, "name").value = baseName(entry.staged?.fileName ?? entry.file.name);
      const description = fieldOf<HTMLTextAreaElement>(form, "description");
      const counter = form.querySelector("[data-counter]")!;
      description.addEventListener("input", () => (counter.textContent = `${description.value.length} / ${description.maxLength}`));
      fieldOf(form, "provider").addEventListener("input", () => markProvider(form, false));
      entry.form = form;
    }
    entry.form.querySelector("[data-doc-legend]")!.textContent = tf("data.wizard.doc", { n: index + 1, file: entry.file.name });
    return entry.form;
  }

  function markProvider(form: HTMLFieldSetElement, invalid: boolean) {
    const provider = fieldOf(form, "provider");
    provider.setAttribute("aria-invalid", String(invalid));
    form.querySelector("[data-error='provider']")!.textContent = invalid ? t("data.wizard.providerRequired") : "";
    form.classList.toggle("is-invalid", invalid);
  }

  /** Fills the provider and keyword suggestions: the project's data sources and keywords. */
  async function loadChoices() {
    const fill = (id: string, values: string[]) =>
      byId(id).replaceChildren(...values.map((value) => Object.assign(document.createElement("option"), { value })));
    try {
      const [providers, keywords] = await Promise.all([
        api<{ name: string }[]>("provider/get-all-for-project/", { query: { id: projectId } }),
        api<{ value: string }[]>("keyword/get-all-for-project/", { query: { id: projectId } }),
      ]);
      fill("wizard-providers", providers.map((p) => p.name));
      fill("wizard-keywords", keywords.map((k) => k.value));
    } catch (error) {
      console.error(error);
    }
  }

  next.addEventListener("click", () => {
    if (next.disabled) return;
    void loadChoices();
    forms.replaceChildren(...entries.map(formFor));
    allFields.hidden = entries.length < 2;
    applied.textContent = "";
    formError.hidden = true;
    showStep(2);
    fieldOf(entries[0]!.form!, "name").focus();
  });

  // What every document shares is typed once: filled values go into each document's form, which stays editable.
  const allOf = (name: string) => allFields.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-all="${name}"]`)!;
  q("[data-wizard-apply]").addEventListener("click", () => {
    const provider = allOf("provider").value.trim();
    const keywords = allOf("keywords").value.trim();
    const status = allOf("status").value;
    for (const entry of entries) {
      const form = entry.form!;
      if (provider) {
        fieldOf(form, "provider").value = provider;
        markProvider(form, false);
      }
      if (keywords) fieldOf(form, "keywords").value = keywords;
      if (status) fieldOf<HTMLSelectElement>(form, "status").value = status;
    }
    applied.textContent = tf("data.wizard.applied", { count: entries.length });
    if (provider) formError.hidden = true;
  });

  back.addEventListener("click", () => {
    showStep(1);
    input.focus();
  });

  save.addEventListener("click", async () => {
    const categoryList = [...dialog.querySelectorAll<HTMLInputElement>("input[name=category]:checked")].map((box) => ({ id: Number(box.value) }));
    const body = entries.map((entry) => {
      const form = entry.form!;
      const value = (name: string) => fieldOf<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(form, name).value;
      return {
        path: entry.staged!.path,
        name: value("name").trim() || baseName(entry.file.name),
        provider: value("provider").trim(),
        keywords: splitKeywords(value("keywords")),
        categoryList,
        status: value("status"),
        shortDescription: value("shortDescription").trim(),
        description: value("description").trim(),
      };
    });
    entries.forEach((entry) => markProvider(entry.form!, false));
    formError.hidden = true;
    saving = true;
    refresh();
    try {
      await api(`docs/save-all/${projectId}`, { body, timeoutMs: SAVE_TIMEOUT });
      snack(tf("data.wizard.saved", { count: body.length }), "success");
      dialog.close();
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === "docs_without_provider") {
        formError.textContent = t("docs.noProvider");
        for (const detail of error.details) {
          const index = Number(/^body\.(\d+)\.provider$/.exec(detail.path)?.[1] ?? NaN);
          if (entries[index]?.form) markProvider(entries[index].form, true);
        }
        entries.find((e) => e.form?.classList.contains("is-invalid"))?.form?.querySelector<HTMLInputElement>("[data-field=provider]")?.focus();
      } else {
        formError.textContent = errorText(error);
      }
      formError.hidden = error instanceof ApiError && (error.status === 401 || error.status === 403);
    } finally {
      saving = false;
      refresh();
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Opening and closing: a closed wizard forgets its files (staged uploads expire on the server)

  function reset() {
    for (const entry of entries) entry.xhr?.abort();
    entries = [];
    tooMany = 0;
    fileList.replaceChildren();
    forms.replaceChildren();
    dialog.querySelectorAll<HTMLInputElement>("input[name=category]").forEach((box) => (box.checked = false));
    allFields.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-all]").forEach((field) => (field.value = ""));
    formError.hidden = true;
    showStep(1);
  }

  dialog.querySelectorAll("[data-wizard-cancel]").forEach((button) => button.addEventListener("click", () => !saving && dialog.close()));
  dialog.addEventListener("cancel", (event) => {
    if (saving) event.preventDefault();
  });
  dialog.addEventListener("close", reset);
  showStep(1);

  return {
    open(options: CreateOptions) {
      onSaved = options.onSaved;
      if (!dialog.open) {
        const chosen = new Set((options.categoryIds ?? []).map(String));
        dialog.querySelectorAll<HTMLInputElement>("input[name=category]").forEach((box) => (box.checked = chosen.has(box.value)));
        dialog.showModal();
      }
      input.focus();
    },
  };
}
