/**
 * What the PDF viewer needs before pdf.js itself, started as soon as the page knows a PDF is to be
 * shown: pdf.js's worker (311 KB brotli, the largest piece) and the file's first and last chunks (the
 * header and the cross-reference table pdf.js reads first), all on the wire while pdf.js (113 KB) comes.
 * Kept free of pdf.js so that the page's own script can import it.
 */
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

/**
 * pdf.js reads the file by ranges of this size. On a 400 kbps link with 400 ms of latency, the first page
 * of a 263 KB manual needs 4 requests and 164 KB in 32 KB chunks, 4 and 263 KB in 64 KB chunks, 8 and
 * 132 KB in 16 KB chunks: 32 KB costs the least time.
 */
export const PDF_CHUNK = 32 * 1024;
/** pdf.js looks for `startxref` in the file's last 1024 bytes. */
const TAIL = 1024;

let worker: Worker | undefined;
/** The page's one pdf.js worker, started on first use and kept for every PDF the page shows. */
export const pdfWorker = () => (worker ??= new Worker(workerUrl, { type: "module" }));

/** A PDF read by chunks: each chunk is asked for once, whoever asks first (the prefetch or pdf.js). */
export interface PdfFile {
  url: string;
  size: number;
  /** Bytes received so far. */
  loaded: number;
  /** Bytes [begin, end) of the file. */
  read(begin: number, end: number): Promise<Uint8Array>;
  /** Called with the bytes received so far, whenever a chunk comes. */
  onProgress?: (loaded: number, total: number) => void;
}

/** Starts the worker and the file's first and last chunks; `signal` aborts what is still coming. */
export function startPdf(url: string, size: number, signal: AbortSignal): PdfFile {
  pdfWorker();
  const chunks = new Map<number, Promise<Uint8Array>>();
  const last = Math.max(0, Math.ceil(size / PDF_CHUNK) - 1);
  const file: PdfFile = { url, size, loaded: 0, read };
  /** The last range asked for: Chrome keeps none of the ranges of one address in its cache when two are in flight at once. */
  let queue: Promise<unknown> = Promise.resolve();

  /** One request for chunks first..last (inclusive), after the ranges asked for before it. */
  function fetchSpan(first: number, final: number) {
    const begin = first * PDF_CHUNK;
    const end = Math.min(size, (final + 1) * PDF_CHUNK);
    const ask = () => fetch(url, { headers: { range: `bytes=${begin}-${end - 1}` }, credentials: "same-origin", signal });
    const body = queue.then(ask, ask).then(async (response) => {
      if (!response.ok) throw new Error(`PDF range ${begin}-${end - 1}: ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A server that ignores ranges sends the whole file.
      const span = response.status === 206 ? bytes : bytes.subarray(begin, end);
      if (span.length !== end - begin) throw new Error(`PDF range ${begin}-${end - 1}: ${span.length} bytes`);
      file.loaded += span.length;
      file.onProgress?.(file.loaded, size);
      return span;
    });
    queue = body.catch(() => {});
    for (let i = first; i <= final; i++) chunks.set(i, body.then((span) => span.subarray((i - first) * PDF_CHUNK, (i - first + 1) * PDF_CHUNK)));
  }

  function read(begin: number, end: number) {
    const first = Math.floor(begin / PDF_CHUNK);
    const final = Math.ceil(end / PDF_CHUNK) - 1;
    for (let i = first; i <= final; i++) {
      if (chunks.has(i)) continue;
      let j = i;
      while (j < final && !chunks.has(j + 1)) j++;
      fetchSpan(i, j);
      i = j;
    }
    const parts = Array.from({ length: final - first + 1 }, (_, k) => chunks.get(first + k)!);
    return Promise.all(parts).then((spans) => {
      const out = new Uint8Array(spans.reduce((sum, span) => sum + span.length, 0));
      let at = 0;
      for (const span of spans) {
        out.set(span, at);
        at += span.length;
      }
      return out.subarray(begin - first * PDF_CHUNK, end - first * PDF_CHUNK);
    });
  }

  const tail = Math.floor(Math.max(0, size - TAIL) / PDF_CHUNK);
  if (tail <= 1) fetchSpan(0, last);
  else {
    fetchSpan(0, 0);
    fetchSpan(tail, last);
  }
  // An abandoned prefetch (another version chosen) is not an error to report.
  for (const chunk of chunks.values()) chunk.catch(() => {});
  return file;
}
