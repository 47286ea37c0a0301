/**
 * The PDF viewer. This module and pdf.js come with a dynamic import() only when a PDF is shown,
 * so no other page, and no other document, pays for them.
 */
import { getDocument, GlobalWorkerOptions, type PDFPageProxy, type RenderTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { t, tf } from "../lib/i18n";
import { cloneTemplate, message, showReadingError, type Viewer } from "./common";

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEP = 0.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const THUMB_WIDTH = 96;

/** The next scale one step in `direction`, rounded to two decimals and kept within the limits. */
const nextScale = (scale: number, direction: 1 | -1) =>
  Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round((scale + direction * ZOOM_STEP) * 100) / 100));

export interface ZoomControls {
  root: HTMLElement;
  label: HTMLOutputElement;
  zoomIn: HTMLButtonElement;
  zoomOut: HTMLButtonElement;
}

interface Slot {
  n: number;
  page: PDFPageProxy;
  width: number;
  height: number;
  box: HTMLElement;
  thumb: HTMLButtonElement;
  task?: RenderTask;
  renderedScale?: number;
  visible: boolean;
  thumbDone: boolean;
}

const isCancel = (error: unknown) => (error as { name?: string })?.name === "RenderingCancelledException";

/** Draws `page` at `scale` into a new canvas (sharp on high-density screens). */
function draw(page: PDFPageProxy, scale: number) {
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  const task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
  return { canvas, task };
}

/**
 * Shows the PDF at `url`: pages as canvases drawn when they come near the view, a strip of
 * thumbnails that scroll to their page, and zoom in steps of 0.25.
 */
export async function showPdf(stage: HTMLElement, url: string, controls: ZoomControls, signal: AbortSignal): Promise<Viewer | undefined> {
  stage.replaceChildren(message(t("common.loading")));
  const loading = getDocument({ url });
  signal.addEventListener("abort", () => loading.destroy(), { once: true });
  let pages: PDFPageProxy[];
  try {
    const pdf = await loading.promise;
    pages = await Promise.all(Array.from({ length: pdf.numPages }, (_, i) => pdf.getPage(i + 1)));
  } catch (error) {
    if (!signal.aborted) showReadingError(stage, error);
    return;
  }
  if (signal.aborted) return;

  let scale = 1;
  const layout = cloneTemplate("tpl-pdf");
  const thumbs = layout.querySelector<HTMLElement>("[data-pdf-thumbs]")!;
  const sheet = layout.querySelector<HTMLElement>("[data-pdf-pages]")!;

  const slots: Slot[] = pages.map((page, i) => {
    const base = page.getViewport({ scale: 1 });
    const box = document.createElement("div");
    box.className = "pdf__page";
    box.dataset.page = String(i + 1);
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", tf("docs.view.page", { n: i + 1 }));
    const thumb = document.createElement("button");
    thumb.type = "button";
    thumb.className = "pdf__thumb";
    thumb.setAttribute("aria-label", tf("docs.view.page", { n: i + 1 }));
    const number = document.createElement("span");
    number.textContent = String(i + 1);
    thumb.append(number);
    thumb.style.setProperty("--thumb-height", `${Math.round((THUMB_WIDTH * base.height) / base.width)}px`);
    thumbs.append(thumb);
    sheet.append(box);
    return { n: i + 1, page, width: base.width, height: base.height, box, thumb, visible: false, thumbDone: false };
  });

  const size = (slot: Slot) => {
    slot.box.style.width = `${Math.floor(slot.width * scale)}px`;
    slot.box.style.height = `${Math.floor(slot.height * scale)}px`;
  };

  async function render(slot: Slot) {
    if (slot.renderedScale === scale || signal.aborted) return;
    slot.task?.cancel();
    const wanted = scale;
    const { canvas, task } = draw(slot.page, wanted);
    slot.task = task;
    try {
      await task.promise;
    } catch (error) {
      if (!isCancel(error)) console.error(error);
      return;
    }
    if (wanted !== scale || signal.aborted) return;
    slot.box.replaceChildren(canvas);
    slot.renderedScale = wanted;
    slot.box.dataset.rendered = "true";
  }

  async function renderThumb(slot: Slot) {
    if (slot.thumbDone) return;
    slot.thumbDone = true;
    const { canvas, task } = draw(slot.page, THUMB_WIDTH / slot.width);
    try {
      await task.promise;
      slot.thumb.prepend(canvas);
    } catch (error) {
      slot.thumbDone = false;
      if (!isCancel(error)) console.error(error);
    }
  }

  // Pages wider than the viewer (a phone) start scaled to fit its width; others at 100%.
  stage.replaceChildren(layout);
  const room = sheet.clientWidth - parseFloat(getComputedStyle(sheet).paddingLeft) - parseFloat(getComputedStyle(sheet).paddingRight);
  const widest = Math.max(...slots.map((slot) => slot.width));
  if (room > 0 && widest > room) scale = Math.max(MIN_SCALE, Math.floor((room / widest) * 100) / 100);

  const bySlot = new Map<Element, Slot>();
  slots.forEach((slot) => {
    bySlot.set(slot.box, slot);
    bySlot.set(slot.thumb, slot);
    size(slot);
    slot.thumb.addEventListener("click", () => {
      slots.forEach((s) => s.thumb.removeAttribute("aria-current"));
      slot.thumb.setAttribute("aria-current", "page");
      slot.box.scrollIntoView({ block: "start" });
    });
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

  const showScale = () => {
    controls.label.value = `${Math.round(scale * 100)}%`;
    controls.zoomOut.disabled = scale <= MIN_SCALE;
    controls.zoomIn.disabled = scale >= MAX_SCALE;
  };
  const zoom = (direction: 1 | -1) => {
    const next = nextScale(scale, direction);
    if (next === scale) return;
    const position = sheet.scrollHeight ? sheet.scrollTop / sheet.scrollHeight : 0;
    scale = next;
    slots.forEach(size);
    sheet.scrollTop = position * sheet.scrollHeight;
    showScale();
    slots.filter((slot) => slot.visible).forEach((slot) => void render(slot));
  };
  const zoomIn = () => zoom(1);
  const zoomOut = () => zoom(-1);
  controls.zoomIn.addEventListener("click", zoomIn);
  controls.zoomOut.addEventListener("click", zoomOut);
  controls.root.hidden = false;
  showScale();

  slots.forEach((slot) => {
    pageObserver.observe(slot.box);
    thumbObserver.observe(slot.thumb);
  });

  return {
    dispose() {
      pageObserver.disconnect();
      thumbObserver.disconnect();
      slots.forEach((slot) => slot.task?.cancel());
      controls.zoomIn.removeEventListener("click", zoomIn);
      controls.zoomOut.removeEventListener("click", zoomOut);
      controls.root.hidden = true;
      void loading.destroy();
    },
  };
}
