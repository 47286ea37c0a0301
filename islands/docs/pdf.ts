/**
 * The PDF viewer of the document page and the drive. This module and pdf.js come with a dynamic
 * import() only when a PDF is shown, so no other page, and no other document, pays for them.
 *
 * pdf.js reads the file by ranges of 32 KB (the server answers Range requests), so the first page
 * shows before the whole file has come; progress is shown meanwhile. Given a PdfFile (pdf-fetch.ts),
 * the worker and the file's first and last chunks are already on their way, and pdf.js starts from the
 * first chunk without asking for the whole file first. Pages are drawn, with a text layer to select and
 * search, when they come near the view. The worker is a hashed /_astro file, cached for a year.
 */
import { getDocument, PDFDataRangeTransport, PDFWorker, TextLayer, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from "pdfjs-dist";
import { matcherFor } from "../../src/lib/text-fold";
import { t, tf } from "../lib/i18n";
import { numberInput } from "../lib/number-input";
import { clearHighlights, highlight } from "./highlight";
import { PDF_CHUNK, pdfWorker, progressLine, type PdfFile } from "./pdf-fetch";

let sharedWorker: PDFWorker | undefined;
/** Every document of the page talks to the one worker; closing a document leaves it running for the next. */
const worker = () => (sharedWorker ??= PDFWorker.create({ port: pdfWorker() }));

const ZOOM_STEP = 0.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const THUMB_WIDTH = 96;
/** Spec 1 section 9: the viewer takes the first 1000 pages. */
const MAX_PAGES = 1000;

/** The next scale one step in `direction`, rounded to two decimals and kept within the limits. */
const nextScale = (scale: number, direction: 1 | -1) =>
  Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round((scale + direction * ZOOM_STEP) * 100) / 100));

const isCancel = (error: unknown) => (error as { name?: string })?.name === "RenderingCancelledException";

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

/** One element with its class and, optionally, attributes and children. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An icon button with its name for screen readers and as a tooltip (Material Design Icons paths). */
function iconButton(label: string, path: string) {
  const button = el("button", "docv-icon pdfv__icon", { type: "button", title: label, "aria-label": label });
  button.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"/></svg>`;
  return button;
}

// @mdi/js paths, inlined: importing @mdi/js here would pull every icon into this chunk.
const ICON = {
  zoomIn: "M15.5,14L20.5,19L19,20.5L14,15.5V14.71L13.73,14.43C12.59,15.41 11.11,16 9.5,16A6.5,6.5 0 0,1 3,9.5A6.5,6.5 0 0,1 9.5,3A6.5,6.5 0 0,1 16,9.5C16,11.11 15.41,12.59 14.43,13.73L14.71,14H15.5M9.5,14C12,14 14,12 14,9.5C14,7 12,5 9.5,5C7,5 5,7 5,9.5C5,12 7,14 9.5,14M12,10H10V12H9V10H7V9H9V7H10V9H12V10Z",
  zoomOut: "M15.5,14H14.71L14.43,13.73C15.41,12.59 16,11.11 16,9.5A6.5,6.5 0 0,0 9.5,3A6.5,6.5 0 0,0 3,9.5A6.5,6.5 0 0,0 9.5,16C11.11,16 12.59,15.41 13.73,14.43L14,14.71V15.5L19,20.5L20.5,19L15.5,14M9.5,14C7,14 5,12 5,9.5C5,7 7,5 9.5,5C12,5 14,7 14,9.5C14,12 12,14 9.5,14M7,9H12V10H7V9Z",
  fitWidth: "M2,12L6,8V11H18V8L22,12L18,16V13H6V16L2,12Z",
  up: "M7.41,15.41L12,10.83L16.59,15.41L18,14L12,8L6,14L7.41,15.41Z",
  down: "M7.41,8.58L12,13.17L16.59,8.58L18,10L12,16L6,10L7.41,8.58Z",
};

/** The viewer's toolbar: search, page n / N with go-to-page, zoom and fit to width. */
function toolbar(pageCount: number) {
  const searchInput = el("input", "pdfv__search-input", { type: "search", id: "pdfv-search", autocomplete: "off", placeholder: t("docs.pdf.search") });
  const count = el("output", "pdfv__count", { "aria-live": "polite" });
  const prev = iconButton(t("docs.pdf.searchPrev"), ICON.up);
  const next = iconButton(t("docs.pdf.searchNext"), ICON.down);
  const search = el("div", "pdfv__search", { role: "search" }, el("label", "visually-hidden", { for: "pdfv-search" }, t("docs.pdf.search")), searchInput, count, prev, next);

  const pageInput = el("input", "pdfv__page-input", { id: "pdfv-page", value: "1" });
  const pages = el(
    "div",
    "pdfv__pageno",
    {},
    el("label", "visually-hidden", { for: "pdfv-page" }, t("docs.pdf.goTo")),
    pageInput,
    el("span", "", { "aria-hidden": "true" }, ` / ${pageCount}`),
    el("output", "visually-hidden", { "data-page-status": "" }),
  );

  const zoomOut = iconButton(t("docs.pdf.zoomOut"), ICON.zoomOut);
  const zoomIn = iconButton(t("docs.pdf.zoomIn"), ICON.zoomIn);
  const fit = iconButton(t("docs.pdf.fitWidth"), ICON.fitWidth);
  const scale = el("output", "pdfv__scale", { id: "pdf-scale", "aria-live": "polite" });
  const zoom = el("div", "pdfv__zoom", { role: "group", "aria-label": t("docs.pdf.scale") }, zoomOut, scale, zoomIn, fit);

  const bar = el("div", "pdfv__bar", { role: "toolbar", "aria-label": t("docs.pdf.toolbar") }, search, pages, zoom);
  const pageNumber = numberInput(pageInput, { whole: true, min: 1, max: pageCount, required: true });
  return { bar, searchInput, count, prev, next, pageInput, pageNumber, pageStatus: pages.querySelector("output")!, zoomOut, zoomIn, fit, scale };
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

/**
 * pdf.js's source for `file`: the first chunk handed over at once, the rest read through the file's chunk
 * cache; a failed read rejects `failed`.
 */
async function rangeSource(file: PdfFile) {
  const range = new PDFDataRangeTransport(file.size, await file.read(0, Math.min(file.size, PDF_CHUNK)));
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  range.requestDataRange = (begin: number, end: number) =>
    void file.read(begin, end).then((bytes) => range.onDataRange(begin, bytes), fail);
  return { range, failed };
}

/**
 * Shows a PDF in `stage`: a toolbar, a strip of thumbnails, and pages drawn with a text layer when they
 * come near the view. `source` is the file's address, or better a PdfFile already being read (its size
 * known). Rejects when the file cannot be read (the caller says so).
 */
export async function showPdf(stage: HTMLElement, source: string | PdfFile, signal: AbortSignal): Promise<{ dispose(): void } | undefined> {
  const progress = progressLine(stage);
  const options = { rangeChunkSize: PDF_CHUNK, disableAutoFetch: true, disableStream: true, worker: worker() };
  let loading: ReturnType<typeof getDocument> | undefined;
  const stop = () => void loading?.destroy();
  signal.addEventListener("abort", stop, { once: true });
  let pdf: PDFDocumentProxy;
  let first: PDFPageProxy;
  try {
    /** Rejects when a range read fails; pdf.js itself would wait for it for ever. */
    let failed = new Promise<never>(() => {});
    if (typeof source === "string") {
      loading = getDocument({ ...options, url: source });
      loading.onProgress = ({ loaded, total }: { loaded: number; total: number }) => progress(loaded, total);
    } else {
      source.onProgress = progress;
      progress(source.loaded, source.size);
      const ranged = await rangeSource(source);
      failed = ranged.failed;
      if (signal.aborted) return;
      loading = getDocument({ ...options, range: ranged.range });
    }
    pdf = await Promise.race([loading.promise, failed]);
    first = await Promise.race([pdf.getPage(1), failed]);
  } catch (error) {
    stop();
    if (signal.aborted) return;
    throw error;
  }
  if (signal.aborted) return;
  signal.removeEventListener("abort", stop);

  const count = Math.min(pdf.numPages, MAX_PAGES);
  const bar = toolbar(count);
  const thumbs = el("nav", "pdf__thumbs", { "data-pdf-thumbs": "", "aria-label": t("docs.pdf.pages") });
  const sheet = el("div", "pdf__pages", { "data-pdf-pages": "", tabindex: "0", "aria-label": t("docs.pdf.viewer") });
  const root = el("div", "pdfv", {}, bar.bar, el("div", "pdf", {}, thumbs, sheet));

  // Until a page is drawn its box takes the first page's size; drawing corrects it.
  const base = first.getViewport({ scale: 1 });
  const slots: Slot[] = Array.from({ length: count }, (_, i) => {
    const label = tf("docs.pdf.page", { n: i + 1 });
    const box = el("div", "pdf__page", { "data-page": String(i + 1), role: "region", "aria-label": label });
    const thumb = el("button", "pdf__thumb", { type: "button", "aria-label": label }, el("span", "", {}, String(i + 1)));
    thumb.style.setProperty("--thumb-height", `${Math.round((THUMB_WIDTH * base.height) / base.width)}px`);
    thumbs.append(thumb);
    sheet.append(box);
    return { n: i + 1, width: base.width, height: base.height, box, thumb, visible: false, thumbDone: false };
  });
  slots[0].page = first;

  let scale = 1;
  const size = (slot: Slot) => {
    slot.box.style.width = `${Math.floor(slot.width * scale)}px`;
    slot.box.style.height = `${Math.floor(slot.height * scale)}px`;
    slot.box.style.setProperty("--scale-factor", String(scale));
  };
  const pageOf = async (slot: Slot) => {
    slot.page ??= await pdf.getPage(slot.n);
    const natural = slot.page.getViewport({ scale: 1 });
    if (natural.width !== slot.width || natural.height !== slot.height) {
      slot.width = natural.width;
      slot.height = natural.height;
      size(slot);
    }
    return slot.page;
  };

  let term = "";
  /** Hits of the search in each page, counted from its text before it is drawn. */
  let counts: number[] = [];
  let current = -1;
  /** A page's hits once its text layer shows them. */
  const marks = new Map<number, HTMLElement[][]>();
  const layerOf = (slot: Slot) => slot.box.querySelector<HTMLElement>(".textLayer");

  let firstDrawn: () => void;
  const drawnFirst = new Promise<void>((resolve) => (firstDrawn = resolve));

  async function render(slot: Slot) {
    if (slot.renderedScale === scale || signal.aborted) return;
    slot.task?.cancel();
    slot.text?.cancel();
    const wanted = scale;
    let canvas: HTMLCanvasElement;
    let layer: HTMLElement;
    try {
      const page = await pageOf(slot);
      if (wanted !== scale || signal.aborted) return;
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
      if (!isCancel(error) && !signal.aborted) console.error(error);
      return;
    }
    if (wanted !== scale || signal.aborted) return;
    slot.box.replaceChildren(canvas, layer);
    slot.renderedScale = wanted;
    slot.box.dataset.rendered = "true";
    if (slot.n === 1) firstDrawn();
    if (term) markPage(slot);
  }

  async function renderThumb(slot: Slot) {
    if (slot.thumbDone) return;
    slot.thumbDone = true;
    try {
      const page = await pageOf(slot);
      const viewport = page.getViewport({ scale: THUMB_WIDTH / slot.width });
      const canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      slot.thumb.prepend(canvas);
    } catch (error) {
      slot.thumbDone = false;
      if (!isCancel(error) && !signal.aborted) console.error(error);
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Search: hits are counted in every page's text, and marked in the text layers of drawn pages.

  /** The page and the hit within it of the `index`-th hit overall. */
  const locate = (index: number) => {
    let rest = index;
    for (let p = 0; p < counts.length; p++) {
      if (rest < counts[p]) return { p, k: rest };
      rest -= counts[p];
    }
    return undefined;
  };

  function markPage(slot: Slot) {
    const layer = layerOf(slot);
    if (!layer) return;
    marks.set(slot.n - 1, highlight(layer, term));
    showCurrent(false);
  }

  function showCurrent(scroll: boolean) {
    const total = counts.reduce((sum, n) => sum + n, 0);
    bar.count.textContent = !term ? "" : total ? tf("docs.pdf.hits", { n: current + 1, m: total }) : t("docs.pdf.noHits");
    root.querySelectorAll(".textLayer mark.is-current").forEach((mark) => mark.classList.remove("is-current"));
    const at = current >= 0 ? locate(current) : undefined;
    if (!at) return;
    const hit = marks.get(at.p)?.[at.k];
    hit?.forEach((mark) => mark.classList.add("is-current"));
    if (!scroll) return;
    if (hit?.[0]) hit[0].scrollIntoView({ block: "center", inline: "nearest" });
    else slots[at.p].box.scrollIntoView({ block: "start" });
  }

  let searchRun = 0;
  async function runSearch() {
    const run = ++searchRun;
    term = bar.searchInput.value.trim();
    for (const slot of slots) {
      const layer = layerOf(slot);
      if (layer) clearHighlights(layer);
    }
    marks.clear();
    counts = [];
    current = -1;
    if (!term) return showCurrent(false);
    bar.count.textContent = t("docs.pdf.searching");
    const found: number[] = [];
    const matches = matcherFor(term);
    for (const slot of slots) {
      const lines = await pageLines(await pageOf(slot));
      if (run !== searchRun || signal.aborted) return;
      found.push(lines.reduce((sum, line) => sum + matches(line).length, 0));
    }
    counts = found;
    current = counts.some((n) => n > 0) ? 0 : -1;
    for (const slot of slots) if (slot.renderedScale !== undefined) markPage(slot);
    showCurrent(true);
  }

  function step(delta: number) {
    const total = counts.reduce((sum, n) => sum + n, 0);
    if (!total) return;
    current = (current + delta + total) % total;
    showCurrent(true);
  }

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  bar.searchInput.addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void runSearch(), 250);
  });
  bar.searchInput.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    clearTimeout(searchTimer);
    if (term && term === bar.searchInput.value.trim()) step(event.shiftKey ? -1 : 1);
    else void runSearch();
  });
  bar.prev.addEventListener("click", () => step(-1));
  bar.next.addEventListener("click", () => step(1));

  // ----------------------------------------------------------------------------------------------
  // Page number, go to page, zoom and fit to width.

  let shownPage = 1;
  /** While someone types a page number, scrolling does not overwrite it. */
  let typing = false;
  bar.pageInput.addEventListener("input", () => (typing = true));
  const showPageNumber = (n: number) => {
    shownPage = n;
    if (!typing) bar.pageInput.value = String(n);
    bar.pageStatus.textContent = tf("docs.pdf.pageOf", { n, m: count });
    slots.forEach((slot) => (slot.n === n ? slot.thumb.setAttribute("aria-current", "page") : slot.thumb.removeAttribute("aria-current")));
  };
  /** The page at the top of the view: the last one whose top is above the view's upper third. */
  const pageInView = () => {
    const line = sheet.scrollTop + sheet.clientHeight / 3;
    let low = 0;
    let high = slots.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (slots[mid].box.offsetTop <= line) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  let scrollFrame = 0;
  sheet.addEventListener("scroll", () => {
    cancelAnimationFrame(scrollFrame);
    scrollFrame = requestAnimationFrame(() => {
      const n = pageInView();
      if (n !== shownPage) showPageNumber(n);
    });
  });
  const goTo = (n: number) => {
    typing = false;
    const target = Math.min(count, Math.max(1, Math.round(n) || 1));
    slots[target - 1].box.scrollIntoView({ block: "start" });
    showPageNumber(target);
  };
  const goToTyped = () => {
    const n = bar.pageNumber.read();
    if (typeof n === "number") goTo(n);
  };
  bar.pageInput.addEventListener("change", goToTyped);
  bar.pageInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      goToTyped();
    }
  });
  bar.pageInput.addEventListener("blur", () => {
    // A refused page number stays as typed beside its reason; a good one gives way to the page in view.
    if (bar.pageInput.getAttribute("aria-invalid") === "true") return;
    typing = false;
    bar.pageInput.value = String(shownPage);
  });

  const room = () => sheet.clientWidth - parseFloat(getComputedStyle(sheet).paddingLeft) - parseFloat(getComputedStyle(sheet).paddingRight);
  const fitScale = () => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.floor((room() / Math.max(...slots.map((slot) => slot.width))) * 100) / 100));
  const showScale = () => {
    bar.scale.value = `${Math.round(scale * 100)}%`;
    bar.zoomOut.disabled = scale <= MIN_SCALE;
    bar.zoomIn.disabled = scale >= MAX_SCALE;
    bar.fit.setAttribute("aria-pressed", String(scale === fitScale()));
  };
  const setScale = (next: number) => {
    if (next === scale) return;
    const position = sheet.scrollHeight ? sheet.scrollTop / sheet.scrollHeight : 0;
    scale = next;
    slots.forEach(size);
    sheet.scrollTop = position * sheet.scrollHeight;
    showScale();
    slots.filter((slot) => slot.visible).forEach((slot) => void render(slot));
  };
  bar.zoomIn.addEventListener("click", () => setScale(nextScale(scale, 1)));
  bar.zoomOut.addEventListener("click", () => setScale(nextScale(scale, -1)));
  bar.fit.addEventListener("click", () => setScale(fitScale()));

  // Pages wider than the viewer (a phone) start scaled to fit its width; others at 100%.
  stage.replaceChildren(root);
  if (room() > 0 && base.width > room()) scale = fitScale();

  const bySlot = new Map<Element, Slot>();
  slots.forEach((slot) => {
    bySlot.set(slot.box, slot);
    bySlot.set(slot.thumb, slot);
    size(slot);
    slot.thumb.addEventListener("click", () => goTo(slot.n));
  });
  const pageObserver = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const slot = bySlot.get(entry.target)!;
        slot.visible = entry.isIntersecting;
        if (slot.visible) void render(slot);
      }
    },
    { root: sheet, rootMargin: "400px 0px" },
  );
  const thumbObserver = new IntersectionObserver(
    (entries) => entries.forEach((entry) => entry.isIntersecting && void renderThumb(bySlot.get(entry.target)!)),
    { root: thumbs, rootMargin: "300px 0px" },
  );
  showScale();
  showPageNumber(1);
  slots.forEach((slot) => pageObserver.observe(slot.box));
  // Thumbnails wait for the first page: on a slow link its ranges come first.
  void drawnFirst.then(() => signal.aborted || slots.forEach((slot) => thumbObserver.observe(slot.thumb)));

  const dispose = () => {
    pageObserver.disconnect();
    thumbObserver.disconnect();
    clearTimeout(searchTimer);
    searchRun++;
    slots.forEach((slot) => {
      slot.task?.cancel();
      slot.text?.cancel();
    });
    void loading?.destroy();
  };
  signal.addEventListener("abort", dispose, { once: true });
  return { dispose };
}
