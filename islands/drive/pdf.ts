/**
 * A plain PDF view for the drive: pages drawn as canvases when they come near the view. This
 * module and pdf.js arrive by dynamic import() only when a PDF is opened.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

GlobalWorkerOptions.workerSrc = workerUrl;

/** Spec 1 section 9: the viewer takes the first 1000 pages. */
const MAX_PAGES = 1000;

async function draw(pdf: PDFDocumentProxy, n: number, box: HTMLElement) {
  const page = await pdf.getPage(n);
  const natural = page.getViewport({ scale: 1 });
  box.style.aspectRatio = `${natural.width} / ${natural.height}`;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (box.clientWidth / natural.width) * ratio });
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  box.replaceChildren(canvas);
}

/** Renders the PDF at `url` into `stage` (its scroll container); rejects when it cannot be read. */
export async function renderPdf(stage: HTMLElement, url: string, signal: AbortSignal, pageLabel: (n: number) => string) {
  const loading = getDocument({ url });
  signal.addEventListener("abort", () => void loading.destroy(), { once: true });
  const pdf = await loading.promise;
  if (signal.aborted) return;
  const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
  const pages = document.createElement("div");
  pages.className = "pdf-pages";
  const boxes = Array.from({ length: Math.min(pdf.numPages, MAX_PAGES) }, (_, i) => {
    const box = document.createElement("div");
    box.className = "pdf-page";
    box.dataset.page = String(i + 1);
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", pageLabel(i + 1));
    box.style.aspectRatio = `${first.width} / ${first.height}`;
    return box;
  });
  pages.append(...boxes);
  stage.replaceChildren(pages);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const box = entry.target as HTMLElement;
        draw(pdf, Number(box.dataset.page), box).catch((error) => signal.aborted || console.error(error));
      }
    },
    { root: stage, rootMargin: "600px 0px" },
  );
  boxes.forEach((box) => observer.observe(box));
  signal.addEventListener("abort", () => observer.disconnect(), { once: true });
}
