import type { Wire } from "../../src/lib/responses";
import type { PresentedGlobalHits } from "../../src/modules/search/presenter";
import { SEARCH_LIMITS } from "../../src/modules/search/limits";
import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { element } from "../lib/dom";
import { errorText, reportFailure } from "../lib/failures";
import { addMessages, t } from "../lib/i18n";
import { adoptStyles } from "../lib/styles";
import { contentHits } from "./content-hits";
import { moveFocus } from "./keys";
import styles from "../../pages/_components/search/sheet.css?inline";

type NameHits = Wire<PresentedGlobalHits>;
type Mode = "name" | "content";
/** One link of a group: its text, a quieter second line, and where it leads. */
type Row = { text: string; detail?: string; href: string };

/** How long typing must pause before the search starts. */
const DEBOUNCE_MS = 250;

/**
 * The search bottom sheet (spec 1, "Global search dialog"): a query box, by name or by content, the
 * name hits in their groups, the content hits as an endless list of cards with the matches marked.
 * Built on the first open, then kept; a new query aborts the one in flight.
 */
class SearchSheet {
  readonly dialog = element("dialog", "search-sheet");
  private readonly input = element("input");
  private readonly status = element("p", "search-sheet__status");
  private readonly results = element("div", "search-sheet__results");
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private opener: HTMLElement | null = null;
  private mode: Mode = "name";
  private readonly content = contentHits((text) => {
    this.status.textContent = text;
  });

  constructor() {
    const title = element("h2", "search-sheet__title", t("search.title"));
    title.id = "search-sheet-title";
    this.dialog.setAttribute("aria-labelledby", title.id);
    const close = element("button", "search-sheet__close", "×");
    close.type = "button";
    close.setAttribute("aria-label", t("common.close"));
    close.addEventListener("click", () => this.dialog.close());

    const label = element("label", "visually-hidden", t("search.query"));
    label.htmlFor = this.input.id = "search-sheet-query";
    Object.assign(this.input, { type: "search", autocomplete: "off", maxLength: SEARCH_LIMITS.query, placeholder: t("search.placeholder") });
    this.input.addEventListener("input", () => this.schedule());

    const modes = element("fieldset", "search-sheet__modes");
    modes.append(element("legend", "visually-hidden", t("search.mode")));
    for (const [value, text] of [["name", t("search.byName")], ["content", t("search.byContent")]] as const) {
      const choice = element("label", "search-sheet__mode");
      const radio = element("input");
      Object.assign(radio, { type: "radio", name: "search-mode", value, checked: value === this.mode });
      radio.addEventListener("change", () => {
        this.mode = value;
        this.input.placeholder = t(value === "name" ? "search.placeholder" : "search.contentPlaceholder");
        this.input.focus();
        this.run();
      });
      choice.append(radio, text);
      modes.append(choice);
    }

    const form = element("div", "search-sheet__form");
    form.setAttribute("role", "search");
    form.append(label, this.input, modes);
    this.status.setAttribute("role", "status");
    const head = element("div", "search-sheet__head");
    head.append(title, close);
    this.dialog.append(head, form, this.status, this.results);

    this.dialog.addEventListener("keydown", (event) => moveFocus(event, this.input, this.results));
    // A click on the backdrop (the dialog box itself, outside its content) closes the sheet.
    this.dialog.addEventListener("click", (event) => event.target === this.dialog && this.dialog.close());
    this.dialog.addEventListener("close", () => {
      this.inFlight?.abort();
      this.content.stop();
      this.opener?.focus();
    });
    this.showHint();
  }

  open() {
    if (this.dialog.open) return this.input.focus();
    this.opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    this.dialog.showModal();
    this.input.focus();
    this.input.select();
    // Closing stopped the content list; it starts again from the first page.
    if (this.mode === "content") this.run();
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), DEBOUNCE_MS);
  }

  private showHint() {
    this.results.replaceChildren();
    this.status.textContent = t("search.hint");
  }

  /** Starts the search for what the box holds now, aborting the one in flight. */
  private run() {
    clearTimeout(this.timer);
    this.inFlight?.abort();
    const query = this.input.value.trim();
    if (this.mode === "content") {
      this.results.replaceChildren(...this.content.nodes);
      return this.content.search(query);
    }
    this.content.stop();
    if (!query) return this.showHint();
    const controller = (this.inFlight = new AbortController());
    this.status.textContent = t("search.searching");
    this.dialog.setAttribute("aria-busy", "true");
    this.findByName(query, controller.signal)
      .catch((error) => {
        if (controller.signal.aborted) return;
        this.results.replaceChildren();
        this.status.textContent = errorText(error);
        reportFailure(error);
      })
      .finally(() => controller === this.inFlight && this.dialog.removeAttribute("aria-busy"));
  }

  private async findByName(q: string, signal: AbortSignal) {
    const hits = await api<NameHits>("global-search/find", { query: { q }, signal });
    if (signal.aborted) return;
    const groups: [string, Row[]][] = [
      [t("search.group.data"), hits.abstractDataList.map((d) => ({ text: d.name, detail: `${t(`dataType.${d.dataType}`)} · ${d.project.name}`, href: dataItemPath(d.project.id, d.dataType, d.id) }))],
      [t("search.group.tasks"), hits.issues.map((i) => ({ text: i.name, detail: i.project.name, href: `/project/${i.project.id}/issue/${i.id}` }))],
      [t("search.group.chats"), hits.chats.map((c) => ({ text: c.name, href: `/chats?chat=${c.id}` }))],
      [t("search.group.articles"), hits.articles.map((a) => ({ text: a.currentTitle, href: `/wiki/${a.id}` }))],
      [t("search.group.projects"), hits.userProjects.map((p) => ({ text: p.name, href: `/project/${p.id}/home` }))],
    ];
    const shown = groups.filter(([, rows]) => rows.length > 0);
    this.results.replaceChildren(...shown.map(([heading, rows]) => group(heading, rows)));
    this.status.textContent = shown.length ? "" : t("search.nothing");
  }
}

/** A group of name hits: its heading and its links. */
function group(heading: string, rows: Row[]) {
  const section = element("section", "search-sheet__group");
  const title = element("h3", undefined, heading);
  const list = element("ul");
  for (const row of rows) {
    const link = element("a", "search-sheet__hit");
    link.href = row.href;
    link.dataset.result = "";
    link.append(element("span", "search-sheet__name", row.text));
    if (row.detail) link.append(element("small", undefined, row.detail));
    const item = element("li");
    item.append(link);
    list.append(item);
  }
  section.append(title, list);
  return section;
}

let sheet: Promise<SearchSheet> | undefined;

/** Opens the search sheet, fetching its strings and building it the first time. */
export function openSearch() {
  sheet ??= fetch("/search/strings.json", { credentials: "same-origin" })
    .then((response) => response.json())
    .then((strings: Record<string, string>) => {
      addMessages(strings);
      adoptStyles(styles);
      const made = new SearchSheet();
      document.body.append(made.dialog);
      return made;
    });
  sheet.catch(() => {
    sheet = undefined;
  });
  return sheet.then((made) => made.open());
}
