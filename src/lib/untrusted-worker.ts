import { AppError } from "./errors";
import { FairShare, requestAborted } from "./fair-share";

/**
 * Runs a job on untrusted bytes (a DOCX to convert, later a PDF to read) in a Worker, off the
 * event loop, with a time limit and a memory watchdog. A job is a module whose default export is
 * `async (input) => output`; input and output cross threads by structured clone.
 *
 * Bun's Worker ignores `resourceLimits` (its Node compatibility notes say so) and `smol` only picks
 * JavaScriptCore's small heap, which is no cap. So memory is bounded by watching the process's
 * resident set while jobs run and terminating a worker past the limit, counted from where it was when
 * the earliest running job started (so two jobs together stay within the larger one's limit).
 * Two threads (THREADS): one owner runs one job at a time, so another owner's first job starts at once
 * on the other thread; owners wait in their own queues, served round-robin (src/lib/fair-share.ts).
 * Warm workers are kept between jobs (starting one costs ~200 ms mostly in loading its libraries; a
 * warm one converts a small DOCX in ~15 ms) and replaced after any job that was stopped or crashed.
 */

export interface UntrustedLimits {
  /** Wall-clock limit of one job; the worker is terminated past it. */
  timeoutMs: number;
  /** How far the process's resident memory may grow above where it was when the job started. */
  maxRssGrowthBytes: number;
}

/** Who asked for a job and whether they still wait for it: the pool shares its threads fairly between owners and drops work whose requester left. */
export interface JobOptions {
  /** The requester (a user id, or a job kind for work nobody waits on); one owner's backlog never delays another's first job. */
  owner?: string | number;
  /** Aborted when the requester went away (closed the request); queued work is dropped and running work stopped. */
  signal?: AbortSignal;
  /** A job whose result is bytes: the worker writes them to this new file (mode 0600) and answers their count, so a large file never crosses into the event loop's heap. */
  writeTo?: string;
}

/** Why a job gave no result: it ran out of time or memory, its thread died, or it threw (`code` when it named one). */
export class UntrustedJobError extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "crashed" | "failed",
    readonly code?: string,
    message: string = reason,
  ) {
    super(message);
  }
}

/** The message a job's worker answers with. */
export type JobReply = { ok: true; value: unknown } | { ok: false; code?: string; message: string };

const WATCH_INTERVAL_MS = 25;
/** After a job with a result this large the worker is replaced, so its heap does not linger while idle. */
const RECYCLE_AFTER_CHARS = 4 * 1024 * 1024;

/** Bun's Worker (the DOM typings the project also loads lack ref/unref). */
type JobWorker = Worker & { ref(): void; unref(): void };

/** Threads running jobs at once: with one, another user waits for the job running (a report export: 12 s or more); see README "Fair shares of the worker pools". */
const THREADS = 2;

const share = new FairShare({
  slots: THREADS,
  runningPerOwner: THREADS - 1,
  perOwner: 4,
  waiting: 64,
  busy: () => new AppError(503, "jobs_busy", "The server is busy with other files; try again in a moment"),
});
const idle: JobWorker[] = [];
/** Resident memory when each running job started: the watchdog counts growth from the lowest. */
const startRss = new Set<{ rss: number }>();
const baselineRss = () => Math.min(...[...startRss].map((entry) => entry.rss));

const sizeOf = (value: unknown) => (typeof value === "string" ? value.length : 0);

/**
 * Runs `job` (a module URL, e.g. `new URL("./convert-job.ts", import.meta.url)`) on `input` in a
 * worker, in `options.owner`'s turn. Resolves with the job's result; rejects with UntrustedJobError,
 * with the fair share's AppErrors (429 too_many_jobs, 503 jobs_busy) or, once `options.signal` aborts,
 * 400 request_aborted (a waiting job is dropped, a running one's worker ended), and never takes the
 * process down with it.
 */
export async function runUntrusted<T>(job: URL, input: unknown, limits: UntrustedLimits, options: JobOptions = {}): Promise<T> {
  const release = await share.acquire(options.owner ?? "system", options.signal);
  const worker = idle.pop() ?? (new Worker(new URL("./untrusted-worker-entry.ts", import.meta.url)) as JobWorker);
  worker.ref();
  const started = { rss: process.memoryUsage.rss() };
  startRss.add(started);
  let keep = false;
  let watch: ReturnType<typeof setInterval> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage: ((event: MessageEvent) => void) | undefined;
  let onError: ((event: Event) => void) | undefined;
  let onClose: (() => void) | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      onMessage = (event: MessageEvent) => {
        const reply = event.data as JobReply;
        if (reply.ok) {
          keep = sizeOf(reply.value) < RECYCLE_AFTER_CHARS;
          resolve(reply.value as T);
        } else {
          keep = true;
          reject(new UntrustedJobError("failed", reply.code, reply.message));
        }
      };
      onError = (event: Event) => reject(new UntrustedJobError("crashed", undefined, (event as ErrorEvent).message || "the worker failed"));
      onClose = () => reject(new UntrustedJobError("crashed", undefined, "the worker exited"));
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.addEventListener("close", onClose);
      timer = setTimeout(() => reject(new UntrustedJobError("timeout", undefined, `took longer than ${limits.timeoutMs} ms`)), limits.timeoutMs);
      watch = setInterval(() => {
        if (process.memoryUsage.rss() - baselineRss() > limits.maxRssGrowthBytes) reject(new UntrustedJobError("memory", undefined, "used too much memory"));
      }, WATCH_INTERVAL_MS);
      onAbort = () => reject(requestAborted());
      options.signal?.addEventListener("abort", onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
      worker.postMessage({ job: job.href, input, writeTo: options.writeTo });
    });
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
    worker.removeEventListener("message", onMessage!);
    worker.removeEventListener("error", onError!);
    worker.removeEventListener("close", onClose!);
    options.signal?.removeEventListener("abort", onAbort!);
    startRss.delete(started);
    if (keep) {
      worker.unref();
      idle.push(worker);
    } else worker.terminate();
    release();
  }
}
