/**
 * A report's edit mode: the wiki's rich-text editor (islands/lib/rich-text.ts) on a copy of the
 * body, with 'insert data' to find a table or chart of the project and put its placeholder at the
 * cursor. Cancel drops the copy; save stores it (report/save, MODERATOR) and the view redraws.
 */
import { mdiDatabasePlusOutline } from "@mdi/js";
import type { Wire } from "../../src/lib/responses";
import type { PresentedSearchHit } from "../../src/modules/data/presenter";
import { placeholderOf } from "../../src/modules/reports/placeholders";
import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { richTextEditor } from "../lib/rich-text";
import { RICH_TEXT_TOOLS } from "../lib/rich-text-tools";
import { snack } from "../lib/snackbar";
import { button, element, icon } from "../lib/dom";
import type { Report } from "./render";

const SEARCH_PAUSE = 250;
const INSERTABLE = ["TABLE", "CHART"] as const;

export interface EditorOptions {
  /** Where the form goes (the view is hidden meanwhile). */
  host: HTMLElement;
  report: Report;
  onSaved: (report: Report) => void;
  /** After cancel or save, to show the view again. */
  onClose: () => void;
}

let forms = 0;

function toolbar(key: string) {
  const bar = element("div", "rp__tools");
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", t("wiki.toolbar"));
  bar.setAttribute("aria-controls", `${key}-area`);
  for (const [name, path] of RICH_TEXT_TOOLS) {
    const tool = element("button", "rp__tool");
    tool.type = "button";
    tool.dataset.tool = name;
    tool.setAttribute("aria-label", t(`wiki.tool.${name}`));
    tool.title = t(`wiki.tool.${name}`);
    tool.append(icon(path));
    bar.append(tool);
  }
  return bar;
}

/** Opens the editor on a copy of the report's body; answers a function that closes it without saving. */
export function openReportEditor({ host, report, onSaved, onClose }: EditorOptions): () => void {
  const key = `rpe${++forms}`;
  const form = element("form", "rp__editor");
  form.noValidate = true;
  form.setAttribute("aria-labelledby", `${key}-title`);
  const title = element("h2", "rp__editor-title", t("report.editing"));
  title.id = `${key}-title`;
  const label = element("span", "rp__label", t("report.editorLabel"));
  label.id = `${key}-label`;
  const tools = toolbar(key);
  const insert = button(t("report.insertData"), mdiDatabasePlusOutline, "btn btn--ghost rp__insert");
  insert.setAttribute("aria-expanded", "false");
  insert.setAttribute("aria-controls", `${key}-insert`);

  // The data search: the project's tables and charts by name.
  const panel = element("div", "rp__insert-panel");
  panel.id = `${key}-insert`;
  panel.hidden = true;
  const searchLabel = element("label", undefined, t("report.insertSearch"));
  searchLabel.htmlFor = `${key}-search`;
  const search = element("input");
  search.type = "search";
  search.id = `${key}-search`;
  search.autocomplete = "off";
  search.maxLength = 255;
  const results = element("ul", "rp__results");
  results.setAttribute("aria-label", t("report.insertResults"));
  results.setAttribute("aria-live", "polite");
  panel.append(searchLabel, search, results);

  const area = element("div", "rp__area");
  area.id = `${key}-area`;
  const actions = element("div", "dialog-actions");
  const cancel = element("button", "btn btn--ghost", t("common.cancel"));
  cancel.type = "button";
  const save = element("button", "btn", t("common.save"));
  save.type = "submit";
  actions.append(cancel, save);
  form.append(title, label, tools, insert, panel, area, actions);
  host.append(form);

  const rich = richTextEditor(area, tools, report.body, label.id);

  let searching: AbortController | undefined;
  let pause: ReturnType<typeof setTimeout> | undefined;
  async function find() {
    searching?.abort();
    searching = new AbortController();
    const { signal } = searching;
    try {
      const found = await Promise.all(
        INSERTABLE.map((dataType) =>
          api<Wire<PresentedSearchHit>[]>("data/search-by-type", { query: { str: search.value.trim(), projectId: report.projectId, dataType }, signal }),
        ),
      );
      const hits = found.flat().sort((a, b) => a.name.localeCompare(b.name));
      results.replaceChildren(
        ...(hits.length
          ? hits.map((hit) => {
              const item = element("li");
              const choose = element("button", "rp__result", `${hit.name} · ${t(`report.kind.${hit.dataType as (typeof INSERTABLE)[number]}`)}`);
              choose.type = "button";
              choose.dataset.insertId = String(hit.id);
              item.append(choose);
              return item;
            })
          : [element("li", "rp__muted", t("report.insertNone"))]),
      );
    } catch (error) {
      if (!signal.aborted) reportFailure(error);
    }
  }

  const togglePanel = (open: boolean) => {
    panel.hidden = !open;
    insert.setAttribute("aria-expanded", String(open));
    if (open) {
      void find();
      search.focus();
    }
  };
  insert.addEventListener("click", () => togglePanel(insert.getAttribute("aria-expanded") !== "true"));
  search.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(() => void find(), SEARCH_PAUSE);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      togglePanel(false);
      insert.focus();
    }
  });
  results.addEventListener("click", (event) => {
    const chosen = (event.target as Element).closest<HTMLElement>("[data-insert-id]");
    if (!chosen) return;
    // Its own paragraph, so the view draws the block in place of it.
    rich.editor.chain().focus().insertContent(`<p>${placeholderOf(Number(chosen.dataset.insertId))}</p>`).run();
    togglePanel(false);
  });

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    searching?.abort();
    clearTimeout(pause);
    rich.destroy();
    form.remove();
    onClose();
  };
  cancel.addEventListener("click", close);
  let saving = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (saving) return;
    saving = true;
    save.disabled = true;
    try {
      const saved = await api<Report>("report/save", { body: { id: report.id, body: rich.editor.getHTML() } });
      snack(t("report.saved"), "success");
      close();
      onSaved(saved);
    } catch (error) {
      reportFailure(error, t("report.savingError"));
    } finally {
      saving = false;
      save.disabled = false;
    }
  });
  rich.editor.commands.focus("end");
  return close;
}
