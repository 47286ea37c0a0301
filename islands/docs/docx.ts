import { api } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { message, showReadingError, type Viewer } from "./common";
import { DOCX_TITLE_CLASS } from "../../src/modules/docs/docx-html";
import { clearHighlights, highlight } from "./highlight";

const BODY_TIMEOUT = 240_000;
const bodies = new Map<number, Promise<string>>();

/**
 * The converted HTML of a DOCX version: part 0 says how many parts there are, the rest are asked
 * for one request per part. Kept per version, so compare and re-selection do not load it again.
 */
export function loadBody(versionId: number): Promise<string> {
  let body = bodies.get(versionId);
  if (!body) {
    const part = (n: number) =>
      api<{ body: string; totalParts: number }>(`docs/get-body/${versionId}`, { query: { part: n }, timeoutMs: BODY_TIMEOUT });
    body = part(0).then(async (first) => {
      const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalParts - 1) }, (_, i) => part(i + 1)));
      return [first, ...rest].map((p) => p.body).join("");
    });
    body.catch(() => bodies.delete(versionId));
    bodies.set(versionId, body);
  }
  return body;
}

/** The headings (h1-h6 with ids) as a nested list of links that scroll the document to them; Word's Title heads them. */
function buildTree(article: HTMLElement, root: HTMLUListElement) {
  root.replaceChildren();
  const stack: { level: number; li: HTMLLIElement | null; list: HTMLUListElement | null }[] = [{ level: -1, li: null, list: root }];
  for (const heading of article.querySelectorAll<HTMLElement>("h1[id],h2[id],h3[id],h4[id],h5[id],h6[id]")) {
    const level = heading.classList.contains(DOCX_TITLE_CLASS) ? 0 : Number(heading.tagName[1]);
    while (stack.length > 1 && stack[stack.length - 1].level >= level) stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent.list) {
      parent.list = document.createElement("ul");
      parent.li!.append(parent.list);
    }
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#${heading.id}`;
    link.textContent = heading.textContent?.trim() || "…";
    link.addEventListener("click", (event) => {
      event.preventDefault();
      heading.tabIndex = -1;
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    });
    li.append(link);
    parent.list.append(li);
    stack.push({ level, li, list: null });
  }
  return root.childElementCount;
}

/**
 * The toolbar's search box: highlights every hit in the shown document, counts "n of m", and
 * moves between hits with the buttons, Enter and Shift+Enter; the current hit scrolls into view.
 */
export class TextSearch {
  private article: HTMLElement | null = null;
  /** Each hit's marks (a hit across formatting has several). */
  private hits: HTMLElement[][] = [];
  private index = -1;
  /** The term the marks are for: Enter on a term typed since then searches it rather than stepping the old hits. */
  private searched = "";
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flash: ReturnType<typeof setTimeout> | undefined;
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;

  constructor(private readonly form: HTMLElement) {
    this.input = form.querySelector("input")!;
    this.count = form.querySelector("[data-search-count]")!;
    this.input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), 200);
    });
    this.input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      clearTimeout(this.timer);
      if (this.hits.length && this.input.value === this.searched) this.step(event.shiftKey ? -1 : 1);
      else this.run();
    });
    form.querySelector("[data-search-prev]")!.addEventListener("click", () => this.step(-1));
    form.querySelector("[data-search-next]")!.addEventListener("click", () => this.step(1));
  }

  /** Searches `article` from now on (the box keeps its text when another version is shown). */
  attach(article: HTMLElement) {
    this.article = article;
    this.form.hidden = false;
    this.run();
  }

  detach() {
    if (this.article) clearHighlights(this.article);
    this.article = null;
    this.hits = [];
    this.index = -1;
    this.form.hidden = true;
  }

  private run() {
    if (!this.article) return;
    this.searched = this.input.value;
    this.hits = highlight(this.article, this.input.value);
    this.index = this.hits.length ? 0 : -1;
    this.show();
  }

  private step(delta: number) {
    if (!this.hits.length) return;
    this.index = (this.index + delta + this.hits.length) % this.hits.length;
    this.show();
  }

  private show() {
    const term = this.input.value.trim();
    this.count.textContent = !term ? "" : this.hits.length ? tf("docs.view.hits", { n: this.index + 1, m: this.hits.length }) : t("docs.view.noHits");
    this.hits.forEach((marks, i) => marks.forEach((mark) => mark.classList.toggle("is-current", i === this.index)));
    const current = this.hits[this.index];
    if (!current) return;
    current[0].scrollIntoView({ block: "center" });
    // The current hit flashes for a second (the spec's search highlight time).
    for (const mark of current) mark.classList.add("is-flash");
    clearTimeout(this.flash);
    this.flash = setTimeout(() => current.forEach((mark) => mark.classList.remove("is-flash")), 1000);
  }
}

/**
 * Shows a converted DOCX: its structure tree beside the text, searchable; a note when it holds nothing to
 * show, 'Ошибка чтения файла' when it cannot be read. Pictures without a description in the document are
 * named generically in the reader's language, so none reaches a screen reader as a bare file.
 */
export async function showDocx(stage: HTMLElement, versionId: number, search: TextSearch | undefined, signal: AbortSignal): Promise<Viewer | undefined> {
  stage.replaceChildren(message(t("common.loading")));
  let body: string;
  try {
    body = await loadBody(versionId);
  } catch (error) {
    if (!signal.aborted) showReadingError(stage, error);
    return;
  }
  if (signal.aborted) return;
  const { layout, article, tree } = docxLayout();
  // The server sanitised the HTML when it converted the file.
  article.innerHTML = body;
  if (!article.textContent?.trim() && !article.querySelector("img,table")) {
    stage.replaceChildren(message(t("docs.view.emptyDocument")));
    return;
  }
  for (const image of article.querySelectorAll("img:not([alt])")) image.setAttribute("alt", t("docs.view.picture"));
  const hasHeadings = buildTree(article, tree.querySelector("ul")!) > 0;
  tree.querySelector<HTMLElement>("[data-no-headings]")!.hidden = hasHeadings;
  if (matchMedia("(max-width: 600px)").matches) tree.open = false;
  stage.replaceChildren(layout);
  search?.attach(article);
  return { dispose: () => search?.detach() };
}

/** The structure tree beside the text (the document page, and the DOC viewer of split screen, which has no search box). */
function docxLayout() {
  const structure = t("docs.view.structure");
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", structure);
  nav.append(document.createElement("ul"));
  const summary = document.createElement("summary");
  summary.textContent = structure;
  const none = message(t("docs.view.noHeadings"));
  none.className = "docv-message";
  none.dataset.noHeadings = "";
  none.hidden = true;
  const tree = document.createElement("details");
  tree.className = "docx__tree";
  tree.dataset.docxTree = "";
  tree.open = true;
  tree.append(summary, nav, none);
  const article = document.createElement("article");
  article.className = "docx__body docv-html";
  article.dataset.docxBody = "";
  article.tabIndex = 0;
  article.setAttribute("aria-label", t("docs.view.viewer"));
  const layout = document.createElement("div");
  layout.className = "docx";
  layout.append(tree, article);
  return { layout, article, tree };
}
