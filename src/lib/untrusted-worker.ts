/**
 * Runs a job on untrusted bytes (a DOCX to convert, later a PDF to read) in a Worker, off the
 * event loop, with a time limit and a memory watchdog. A job is a module whose default export is
 * `async (input) => output`; input and output cross threads by structured clone.
 *
 * Bun's Worker ignores `resourceLimits` (its Node compatibility notes say so) and `smol` only picks
 * JavaScriptCore's small heap, which is no cap. So memory is bounded by watching the process's
 * resident set while a job runs and terminating the worker past the limit; jobs run one at a time,
 * so the growth is the job's. One warm worker is kept between jobs (starting one costs ~200 ms
 * mostly in loading its libraries; a warm one converts a small DOCX in ~15 ms) and replaced after
 * any job that was stopped or crashed.
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

let idle: JobWorker | undefined;
let busy = false;
const waiting: (() => void)[] = [];

async function acquire(): Promise<JobWorker> {
  // The one who releases hands the turn straight to the next in line, so `busy` stays set between them.
  if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy = true;
  const worker = idle ?? (new Worker(new URL("./untrusted-worker-entry.ts", import.meta.url)) as JobWorker);
  idle = undefined;
  return worker;
}

function release(worker: JobWorker | undefined) {
  if (worker) {
    worker.unref();
    idle = worker;
  }
  const next = waiting.shift();
  if (next) next();
  else busy = false;
}

const sizeOf = (value: unknown) => (typeof value === "string" ? value.length : 0);

/**
 * Runs `job` (a module URL, e.g. `new URL("./convert-job.ts", import.meta.url)`) on `input` in the
 * worker. Resolves with the job's result; rejects with UntrustedJobError, never anything else, and
 * never takes the process down with it.
 */
export async function runUntrusted<T>(job: URL, input: unknown, limits: UntrustedLimits, _options: JobOptions = {}): Promise<T> {
  const worker = await acquire();
  worker.ref();
  const startRss = process.memoryUsage.rss();
  let keep = false;
  let watch: ReturnType<typeof setInterval> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage: ((event: MessageEvent) => void) | undefined;
  let onError: ((event: Event) => void) | undefined;
  let onClose: (() => void) | undefined;
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
        if (process.memoryUsage.rss() - startRss > limits.maxRssGrowthBytes) reject(new UntrustedJobError("memory", undefined, "used too much memory"));
      }, WATCH_INTERVAL_MS);
      worker.postMessage({ job: job.href, input });
    });
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
    worker.removeEventListener("message", onMessage!);
    worker.removeEventListener("error", onError!);
    worker.removeEventListener("close", onClose!);
    if (!keep) worker.terminate();
    release(keep ? worker : undefined);
  }
}
