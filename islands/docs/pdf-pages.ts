/**
 * Adapter of pdf.js's pages (loaded with pdf.tsx, never with a page): it owns the strip of thumbnails
 * and the sheet of pages in one element, draws a page with its text layer when it comes near the view
 * and a thumbnail when it comes near the strip, marks search hits in the drawn text, and tells the
 * toolbar (a component) the page in view, the scale and the hits. dispose() stops it all.
 */
import { TextLayer, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from "pdfjs-dist";
import { matcherFor } from "../../src/lib/text-fold";
import { t, tf } from "../lib/i18n";
import { clearHighlights, highlight } from "./highlight";

const ZOOM_STEP = 0.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const THUMB_WIDTH = 96;

/** What the toolbar shows. `hits` is null without a search term. */
export interface PdfViewState {
  page: number;
  scale: number;
  fitted: boolean;
  hits: { current: number; total: number } | "searching" | null;
  /** The first page is drawn. */
  firstDrawn: boolean;
}

interface Slot {
  n: number;
  width: number;
  height: number;
  box: HTMLElement;
  thumb: HTMLButtonElement;
  page?: PDFPageProxy;
  task?: RenderTask;
  text?: TextLayer;
  renderedScale?: number;
  visible: boolean;
  thumbDone: boolean;
}

/** The next scale one step in `direction`, rounded to two decimals and kept within the limits. */
const nextScale = (scale: number, direction: 1 | -1) =>
  Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round((scale + direction * ZOOM_STEP) * 100) / 100));

const isCancel = (error: unknown) => (error as { name?: string })?.name === "RenderingCancelledException";

/** One element with its class and attributes. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}) {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Text of one page as the text layer lays it out: a line per run, for counting hits before it is drawn. */
async function pageLines(page: PDFPageProxy): Promise<string[]> {
  const content = await page.getTextContent();
  const lines = [""];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    lines[lines.length - 1] += item.str;
    if (item.hasEOL) lines.push("");
  }
  return lines;
}

export class PdfPages {
  private readonly slots: Slot[];
  private readonly sheet: HTMLElement;
  private readonly thumbs: HTMLElement;
  private scale = 1;
  private shownPage = 1;
  private stopped = false;
  private term = "";
  /** Hits of the search in each page, counted from its text before it is drawn. */
  private counts: number[] = [];
  private current = -1;
  /** A page's hits once its text layer shows them. */
  private readonly marks = new Map<number, HTMLElement[][]>();
  private searchRun = 0;
  private scrollFrame = 0;
  private readonly observers: IntersectionObserver[] = [];

  constructor(
    host: HTMLElement,
    private readonly pdf: PDFDocumentProxy,
    first: PDFPageProxy,
    count: number,
    private readonly onChange: (state: PdfViewState) => void,
  ) {
    this.thumbs = el("nav", "pdf__thumbs", { "data-pdf-thumbs": "", "aria-label": t("docs.pdf.pages") });
    this.sheet = el("div", "pdf__pages", { "data-pdf-pages": "", tabindex: "0", "aria-label": t("docs.pdf.viewer") });
    // Until a page is drawn its box takes the first page's size; drawing corrects it.
    const base = first.getViewport({ scale: 1 });
    this.slots = Array.from({ length: count }, (_, i) => this.slot(i + 1, base.width, base.height));
    this.slots[0]!.page = first;
    host.replaceChildren(this.thumbs, this.sheet);
    // Pages wider than the viewer (a phone) start scaled to fit its width; others at 100%.
    if (this.room() > 0 && base.width > this.room()) this.scale = this.fitScale();
    this.slots.forEach((slot) => this.size(slot));
    this.sheet.addEventListener("scroll", this.followScroll);
    this.observe();
    this.emit();
  }

  private slot(n: number, width: number, height: number): Slot {
    const label = tf("docs.pdf.page", { n });
    const box = el("div", "pdf__page", { "data-page": String(n), role: "region", "aria-label": label });
    const thumb = el("button", "pdf__thumb", { type: "button", "aria-label": label });
    const number = el("span", "");
    number.textContent = String(n);
    thumb.append(number);
    thumb.style.setProperty("--thumb-height", `${Math.round((THUMB_WIDTH * height) / width)}px`);
    thumb.addEventListener("click", () => this.goTo(n));
    this.thumbs.append(thumb);
    this.sheet.append(box);
    return { n, width, height, box, thumb, visible: false, thumbDone: false };
  }

  private observe() {
    const bySlot = new Map<Element, Slot>();
    for (const slot of this.slots) bySlot.set(slot.box, slot).set(slot.thumb, slot);
    const pages = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const slot = bySlot.get(entry.target)!;
          slot.visible = entry.isIntersecting;
          if (slot.visible) void this.render(slot);
        }
      },
      { root: this.sheet, rootMargin: "400px 0px" },
    );
    const thumbs = new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && void this.renderThumb(bySlot.get(entry.target)!)), {
      root: this.thumbs,
      rootMargin: "300px 0px",
    });
    this.observers.push(pages, thumbs);
    this.slots.forEach((slot) => pages.observe(slot.box));
    // Thumbnails wait for the first page: on a slow link its ranges come first.
    this.firstDrawn = () => this.stopped || this.slots.forEach((slot) => thumbs.observe(slot.thumb));
  }

  private firstDrawn = () => {};
  private drawnFirst = false;

  private emit() {
    const total = this.counts.reduce((sum, n) => sum + n, 0);
    const hits = !this.term ? null : this.counts.length < this.slots.length ? "searching" : { current: this.current + 1, total };
    this.onChange({ page: this.shownPage, scale: this.scale, fitted: this.scale === this.fitScale(), hits, firstDrawn: this.drawnFirst });
  }

  private size(slot: Slot) {
    slot.box.style.width = `${Math.floor(slot.width * this.scale)}px`;
    slot.box.style.height = `${Math.floor(slot.height * this.scale)}px`;
    slot.box.style.setProperty("--scale-factor", String(this.scale));
  }

  private async pageOf(slot: Slot) {
    slot.page ??= await this.pdf.getPage(slot.n);
    const natural = slot.page.getViewport({ scale: 1 });
    if (natural.width !== slot.width || natural.height !== slot.height) {
      slot.width = natural.width;
      slot.height = natural.height;
      this.size(slot);
    }
    return slot.page;
  }

  private async render(slot: Slot) {
    if (slot.renderedScale === this.scale || this.stopped) return;
    slot.task?.cancel();
    slot.text?.cancel();
    const wanted = this.scale;
    let canvas: HTMLCanvasElement;
    let layer: HTMLElement;
    try {
      const page = await this.pageOf(slot);
      if (wanted !== this.scale || this.stopped) return;
      const viewport = page.getViewport({ scale: wanted });
      const ratio = window.devicePixelRatio || 1;
      canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      slot.task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      layer = el("div", "textLayer");
      slot.text = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      await Promise.all([slot.task.promise, slot.text.render()]);
    } catch (error) {
      if (!isCancel(error) && !this.stopped) console.error(error);
      return;
    }
    if (wanted !== this.scale || this.stopped) return;
    slot.box.replaceChildren(canvas, layer);
    slot.renderedScale = wanted;
    slot.box.dataset.rendered = "true";
    if (slot.n === 1 && !this.drawnFirst) {
      this.drawnFirst = true;
      this.firstDrawn();
      this.emit();
    }
    if (this.term) this.markPage(slot);
  }

  private async renderThumb(slot: Slot) {
    if (slot.thumbDone) return;
    slot.thumbDone = true;
    try {
      const page = await this.pageOf(slot);
      const viewport = page.getViewport({ scale: THUMB_WIDTH / slot.width });
      const canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      slot.thumb.prepend(canvas);
    } catch (error) {
      slot.thumbDone = false;
      if (!isCancel(error) && !this.stopped) console.error(error);
    }
  }

  // Search: hits are counted in every page's text, and marked in the text layers of drawn pages.

  private layerOf = (slot: Slot) => slot.box.querySelector<HTMLElement>(".textLayer");

  /** The page and the hit within it of the `index`-th hit overall. */
  private locate(index: number) {
    let rest = index;
    for (let p = 0; p < this.counts.length; p++) {
      if (rest < this.counts[p]!) return { p, k: rest };
      rest -= this.counts[p]!;
    }
    return undefined;
  }

  private markPage(slot: Slot) {
    const layer = this.layerOf(slot);
    if (!layer) return;
    this.marks.set(slot.n - 1, highlight(layer, this.term));
    this.showCurrent(false);
  }

  private showCurrent(scroll: boolean) {
    this.emit();
    this.sheet.querySelectorAll(".textLayer mark.is-current").forEach((mark) => mark.classList.remove("is-current"));
    const at = this.current >= 0 ? this.locate(this.current) : undefined;
    if (!at) return;
    const hit = this.marks.get(at.p)?.[at.k];
    hit?.forEach((mark) => mark.classList.add("is-current"));
    if (!scroll) return;
    if (hit?.[0]) hit[0].scrollIntoView({ block: "center", inline: "nearest" });
    else this.slots[at.p]!.box.scrollIntoView({ block: "start" });
  }

  /** Searches every page for `value` and shows the first hit. */
  async search(value: string) {
    const run = ++this.searchRun;
    this.term = value.trim();
    for (const slot of this.slots) {
      const layer = this.layerOf(slot);
      if (layer) clearHighlights(layer);
    }
    this.marks.clear();
    this.counts = [];
    this.current = -1;
    this.emit();
    if (!this.term) return;
    const found: number[] = [];
    const matches = matcherFor(this.term);
    for (const slot of this.slots) {
      const lines = await pageLines(await this.pageOf(slot));
      if (run !== this.searchRun || this.stopped) return;
      found.push(lines.reduce((sum, line) => sum + matches(line).length, 0));
    }
    this.counts = found;
    this.current = found.some((n) => n > 0) ? 0 : -1;
    for (const slot of this.slots) if (slot.renderedScale !== undefined) this.markPage(slot);
    this.showCurrent(true);
  }

  /** Whether `value` is the term whose hits are shown (Enter then steps rather than searching again). */
  searched = (value: string) => !!this.term && this.term === value.trim();

  step(delta: number) {
    const total = this.counts.reduce((sum, n) => sum + n, 0);
    if (!total) return;
    this.current = (this.current + delta + total) % total;
    this.showCurrent(true);
  }

  // Page in view, go to page, zoom and fit to width.

  /** The page at the top of the view: the last one whose top is above the view's upper third. */
  private pageInView() {
    const line = this.sheet.scrollTop + this.sheet.clientHeight / 3;
    let low = 0;
    let high = this.slots.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.slots[mid]!.box.offsetTop <= line) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  private showPage(n: number) {
    this.shownPage = n;
    this.slots.forEach((slot) => (slot.n === n ? slot.thumb.setAttribute("aria-current", "page") : slot.thumb.removeAttribute("aria-current")));
    this.emit();
  }

  private followScroll = () => {
    cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = requestAnimationFrame(() => {
      const n = this.pageInView();
      if (n !== this.shownPage) this.showPage(n);
    });
  };

  goTo(n: number) {
    const target = Math.min(this.slots.length, Math.max(1, Math.round(n) || 1));
    this.slots[target - 1]!.box.scrollIntoView({ block: "start" });
    this.showPage(target);
  }

  private room() {
    const style = getComputedStyle(this.sheet);
    return this.sheet.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  private fitScale() {
    return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.floor((this.room() / Math.max(...this.slots.map((slot) => slot.width))) * 100) / 100));
  }

  private setScale(next: number) {
    if (next === this.scale) return;
    const position = this.sheet.scrollHeight ? this.sheet.scrollTop / this.sheet.scrollHeight : 0;
    this.scale = next;
    this.slots.forEach((slot) => this.size(slot));
    this.sheet.scrollTop = position * this.sheet.scrollHeight;
    this.emit();
    this.slots.filter((slot) => slot.visible).forEach((slot) => void this.render(slot));
  }

  zoom(direction: 1 | -1) {
    this.setScale(nextScale(this.scale, direction));
  }

  fit() {
    this.setScale(this.fitScale());
  }

  dispose() {
    this.stopped = true;
    this.searchRun++;
    cancelAnimationFrame(this.scrollFrame);
    this.observers.forEach((observer) => observer.disconnect());
    this.slots.forEach((slot) => {
      slot.task?.cancel();
      slot.text?.cancel();
    });
  }
}

export const SCALE_LIMITS = { min: MIN_SCALE, max: MAX_SCALE };
