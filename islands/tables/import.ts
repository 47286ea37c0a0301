import { dataItemPath } from "../../src/lib/data-paths";
import { api, ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import type { CreateOptions } from "../data/creators";
import type { Cell } from "./cells";

/** What table/preview answers: nothing is stored yet. */
interface Preview {
  headers: string[];
  rows: Cell[][];
  totalRows: number;
  /** CSV only. */
  encoding?: string;
  delimiter?: string;
}

/** The table save timeout of spec 2 (4 min); a preview reads the same file. */
const SAVE_TIMEOUT = 240_000;

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, "") || fileName;

const SEPARATORS: Record<string, "table.import.comma" | "table.import.semicolon" | "table.import.tab"> = {
  ",": "table.import.comma",
  ";": "table.import.semicolon",
  "\t": "table.import.tab",
};

let dialogState: ReturnType<typeof createImport> | undefined;

/** Opens the page's table import dialog (pages/_components/tables/TableImport.astro). */
export function openTableImport(options: CreateOptions) {
  dialogState ??= createImport();
  dialogState.open(options);
}

function createImport() {
  const dialog = document.getElementById("table-import") as HTMLDialogElement;
  const projectId = Number(dialog.dataset.projectId);
  const q = <T extends Element = HTMLElement>(selector: string) => dialog.querySelector<T>(selector)!;
  const form = q<HTMLFormElement>("#ti-form");
  const file = q<HTMLInputElement>("#ti-file");
  const status = q("[data-ti-status]");
  const preview = q("[data-ti-preview]");
  const facts = q("[data-ti-facts]");
  const headRow = q("[data-ti-head]");
  const rows = q("[data-ti-rows]");
  const name = q<HTMLInputElement>("#ti-name");
  const nameError = q("#ti-name-error");
  const description = q<HTMLTextAreaElement>("#ti-description");
  const failure = q("[data-ti-error]");
  const save = q<HTMLButtonElement>("[data-ti-save]");

  let chosen: File | undefined;
  /** The name the dialog filled in from the file, replaced when another file is chosen unless it was edited. */
  let suggested = "";
  let reading: AbortController | undefined;
  let saving = false;

  function showFailure(error: unknown) {
    failure.textContent = errorText(error);
    failure.hidden = error instanceof ApiError && (error.status === 401 || error.status === 403);
  }

  function cellText(value: Cell) {
    return value === null ? "" : String(value);
  }

  function showPreview(answer: Preview) {
    const cell = (tag: "th" | "td", text: string) => Object.assign(document.createElement(tag), { textContent: text });
    headRow.replaceChildren(...answer.headers.map((header) => Object.assign(cell("th", header), { scope: "col" })));
    rows.replaceChildren(
      ...answer.rows.map((row) => {
        const tr = document.createElement("tr");
        tr.append(...answer.headers.map((_, i) => cell("td", cellText(row[i] ?? null))));
        return tr;
      }),
    );
    const separator = answer.delimiter === undefined ? undefined : SEPARATORS[answer.delimiter];
    facts.textContent = [
      tf("table.import.rows", { n: answer.totalRows, shown: answer.rows.length }),
      answer.encoding === undefined ? "" : tf("table.import.encoding", { encoding: answer.encoding }),
      answer.delimiter === undefined ? "" : tf("table.import.separator", { separator: separator ? t(separator) : answer.delimiter }),
    ]
      .filter(Boolean)
      .join(" · ");
    preview.hidden = false;
  }

  async function read(picked: File) {
    reading?.abort();
    const controller = new AbortController();
    reading = controller;
    chosen = undefined;
    preview.hidden = true;
    failure.hidden = true;
    status.textContent = t("table.import.reading");
    refresh();
    if (!name.value.trim() || name.value === suggested) {
      suggested = baseName(picked.name);
      name.value = suggested;
      markName(false);
    }
    const body = new FormData();
    body.append("projectId", String(projectId));
    body.append("file", picked, picked.name);
    try {
      const answer = await api<Preview>("table/preview", { body, signal: controller.signal, timeoutMs: SAVE_TIMEOUT });
      if (reading !== controller) return;
      chosen = picked;
      status.textContent = "";
      showPreview(answer);
    } catch (error) {
      if (reading !== controller) return;
      status.textContent = "";
      showFailure(error);
    } finally {
      if (reading === controller) reading = undefined;
      refresh();
    }
  }

  function markName(invalid: boolean) {
    name.setAttribute("aria-invalid", String(invalid));
    nameError.textContent = invalid ? t("table.import.nameRequired") : "";
  }

  function refresh() {
    save.disabled = saving || !chosen || !!reading;
  }

  file.addEventListener("change", () => {
    const picked = file.files?.[0];
    if (picked) void read(picked);
  });
  name.addEventListener("input", () => markName(false));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!chosen || saving) return;
    if (!name.value.trim()) {
      markName(true);
      name.focus();
      return;
    }
    const categories = [...dialog.querySelectorAll<HTMLInputElement>("input[name=category]:checked")].map((box) => Number(box.value));
    const body = new FormData();
    body.append("name", name.value.trim());
    if (description.value.trim()) body.append("description", description.value.trim());
    body.append("categoryList", JSON.stringify(categories));
    body.append("file", chosen, chosen.name);
    saving = true;
    failure.hidden = true;
    status.textContent = t("table.import.saving");
    refresh();
    try {
      const created = await api<{ id: number }>(`table/save-for-project/${projectId}`, { body, timeoutMs: SAVE_TIMEOUT });
      location.assign(dataItemPath(projectId, "TABLE", created.id));
    } catch (error) {
      status.textContent = "";
      showFailure(error);
      saving = false;
      refresh();
    }
  });

  function reset() {
    reading?.abort();
    reading = undefined;
    chosen = undefined;
    suggested = "";
    form.reset();
    markName(false);
    preview.hidden = true;
    failure.hidden = true;
    status.textContent = "";
    refresh();
  }

  dialog.querySelectorAll("[data-ti-cancel]").forEach((button) => button.addEventListener("click", () => !saving && dialog.close()));
  dialog.addEventListener("cancel", (event) => saving && event.preventDefault());
  dialog.addEventListener("close", reset);

  return {
    open(options: CreateOptions) {
      if (!dialog.open) {
        const given = new Set((options.categoryIds ?? []).map(String));
        dialog.querySelectorAll<HTMLInputElement>("input[name=category]").forEach((box) => (box.checked = given.has(box.value)));
        dialog.showModal();
      }
      file.focus();
    },
  };
}
