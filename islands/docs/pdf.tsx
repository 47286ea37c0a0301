/**
 * The PDF viewer of the document page, the drive and the chat. This module and pdf.js come with a
 * dynamic import() only when a PDF is shown, so no other page, and no other document, pays for them.
 *
 * pdf.js reads the file by ranges of 32 KB (the server answers Range requests), so the first page
 * shows before the whole file has come; progress is shown meanwhile. Given a PdfFile (pdf-fetch.ts),
 * the worker and the file's first and last chunks are already on their way, and pdf.js starts from the
 * first chunk without asking for the whole file first. The worker is a hashed /_astro file, cached for a year.
 */
import { getDocument, PDFDataRangeTransport, PDFWorker, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { locale } from "../lib/i18n";
import { mountComponent } from "../lib/mount-component";
import { Localized } from "../lib/ui/i18n";
import { PDF_CHUNK, pdfWorker, type PdfFile } from "./pdf-fetch";
import { PdfPages, type PdfViewState } from "./pdf-pages";
import { PdfProgress, usePdfProgress } from "./PdfProgress";
import { PdfToolbar } from "./PdfToolbar";

let sharedWorker: PDFWorker | undefined;
/** Every document of the page talks to the one worker; closing a document leaves it running for the next. */
const worker = () => (sharedWorker ??= PDFWorker.create({ port: pdfWorker() }));

/** Spec 1 section 9: the viewer takes the first 1000 pages. */
const MAX_PAGES = 1000;

interface OpenPdf {
  pdf: PDFDocumentProxy;
  first: PDFPageProxy;
  close: () => void;
}

/**
 * pdf.js's source for `file`: the first chunk handed over at once, the rest read through the file's chunk
 * cache; a failed read rejects `failed`.
 */
async function rangeSource(file: PdfFile) {
  const range = new PDFDataRangeTransport(file.size, await file.read(0, Math.min(file.size, PDF_CHUNK)));
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  range.requestDataRange = (begin: number, end: number) => void file.read(begin, end).then((bytes) => range.onDataRange(begin, bytes), fail);
  return { range, failed };
}

/** Opens the PDF at `source` up to its first page; rejects when the file cannot be read. `progress` hears a URL's bytes as they come. */
async function openPdf(source: string | PdfFile, signal: AbortSignal, progress: (loaded: number, total: number) => void): Promise<OpenPdf | undefined> {
  const options = { rangeChunkSize: PDF_CHUNK, disableAutoFetch: true, disableStream: true, worker: worker() };
  let loading: ReturnType<typeof getDocument> | undefined;
  const close = () => void loading?.destroy();
  signal.addEventListener("abort", close, { once: true });
  try {
    /** Rejects when a range read fails; pdf.js itself would wait for it for ever. */
    let failed = new Promise<never>(() => {});
    if (typeof source === "string") {
      loading = getDocument({ ...options, url: source });
      loading.onProgress = ({ loaded, total }: { loaded: number; total: number }) => progress(loaded, total);
    } else {
      const ranged = await rangeSource(source);
      failed = ranged.failed;
      if (signal.aborted) return undefined;
      loading = getDocument({ ...options, range: ranged.range });
    }
    const pdf = await Promise.race([loading.promise, failed]);
    const first = await Promise.race([pdf.getPage(1), failed]);
    return signal.aborted ? undefined : { pdf, first, close };
  } catch (error) {
    close();
    if (signal.aborted) return undefined;
    throw error;
  }
}

/** The toolbar and the pages of an open PDF; the pages' adapter lives as long as this component. */
function PdfView({ open, onFirstPage }: { open: OpenPdf; onFirstPage?: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<PdfPages | null>(null);
  const [state, setState] = useState<PdfViewState>({ page: 1, scale: 1, fitted: false, hits: null, firstDrawn: false });
  const firstPageListener = useRef(onFirstPage);
  firstPageListener.current = onFirstPage;
  useEffect(() => {
    if (state.firstDrawn) firstPageListener.current?.();
  }, [state.firstDrawn]);
  const count = Math.min(open.pdf.numPages, MAX_PAGES);
  useEffect(() => {
    const made = new PdfPages(host.current!, open.pdf, open.first, count, setState);
    setPages(made);
    return () => made.dispose();
  }, [open, count]);
  return (
    <div className="pdfv">
      {pages && <PdfToolbar pages={pages} state={state} count={count} />}
      <div className="pdf" ref={host} />
    </div>
  );
}

interface PdfViewerProps {
  /** The file's address, or better a PdfFile already being read (its size known). */
  source: string | PdfFile;
  /** The file could not be read (the caller says so). */
  onError: (error: unknown) => void;
  onOpen?: () => void;
  /** The first page is drawn. */
  onFirstPage?: () => void;
}

/** A PDF: a toolbar, a strip of thumbnails, and pages drawn with a text layer when they come near the view. */
export function PdfViewer({ source, onError, onOpen, onFirstPage }: PdfViewerProps) {
  const [open, setOpen] = useState<OpenPdf | null>(null);
  const [urlProgress, setUrlProgress] = useState<[number, number]>([0, 0]);
  const fileProgress = usePdfProgress(typeof source === "string" ? undefined : source);
  const listeners = useRef({ onError, onOpen });
  listeners.current = { onError, onOpen };
  useEffect(() => {
    const controller = new AbortController();
    setOpen(null);
    openPdf(source, controller.signal, (loaded, total) => setUrlProgress([loaded, total])).then(
      (opened) => {
        if (!opened) return;
        setOpen(opened);
        listeners.current.onOpen?.();
      },
      (error) => controller.signal.aborted || listeners.current.onError(error),
    );
    return () => controller.abort();
  }, [source]);
  if (!open) {
    const [loaded, total] = typeof source === "string" ? urlProgress : fileProgress;
    return <PdfProgress loaded={loaded} total={total} />;
  }
  return <PdfView open={open} onFirstPage={onFirstPage} />;
}

/**
 * The viewer in `stage` for features whose viewers are still functions (the drive): resolves once the
 * first page is read, rejects when the file cannot be read; unmounted when `signal` aborts.
 */
export function showPdf(stage: HTMLElement, source: string | PdfFile, signal: AbortSignal): Promise<{ dispose(): void } | undefined> {
  return new Promise((resolve, reject) => {
    const mounted = mountComponent(
      stage,
      <Localized locale={locale() as Locale}>
        <PdfViewer
          source={source}
          onOpen={() => resolve({ dispose: mounted.destroy })}
          onError={(error) => {
            mounted.destroy();
            reject(error);
          }}
        />
      </Localized>,
    );
    signal.addEventListener(
      "abort",
      () => {
        mounted.destroy();
        resolve(undefined);
      },
      { once: true },
    );
  });
}
