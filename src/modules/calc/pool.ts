import { AppError } from "../../lib/errors";
import { FairShare, type Owner, requestAborted } from "../../lib/fair-share";
import { CALC_LIMITS } from "./limits";
import type { SandboxJob, SandboxReply } from "./sandbox-worker";

export interface PoolOptions {
  /** Sandbox threads running at once. */
  workers: number;
  /** Invocations that may wait for a thread, from everyone; past it the pool answers 503 calc_busy. */
  queue: number;
  /** Invocations one user may have running and waiting; past it they get 429 too_many_jobs. */
  perOwner: number;
  /** After the time limit, how long a thread may still take to answer before it is ended. */
  graceMs: number;
}

/** Bun's Worker (the DOM typings the project also loads lack ref/unref). */
type SandboxThread = Worker & { ref(): void; unref(): void };

const WORKER_URL = new URL("./sandbox-worker.ts", import.meta.url);

/**
 * Runs calculation scripts on a few sandbox threads (sandbox-worker.ts), off the event loop, one job
 * per thread at a time, shared fairly between users (src/lib/fair-share.ts: one user holds at most all
 * threads but one, their own queue is bounded, users take turns). A thread whose job outlives the time limit plus a grace
 * (a long built-in call the interrupt handler cannot break, or QuickJS collecting garbage again and
 * again near its memory limit), that ran out of memory or that died is ended and replaced by a fresh
 * one on the next job, and so is one whose requester left (`signal`). It rejects only with the fair
 * share's errors: 503 calc_busy when everyone's queue is full, 429 too_many_jobs, 400 request_aborted.
 */
export class CalcPool {
  private idle: SandboxThread[] = [];
  private readonly share: FairShare;

  constructor(private readonly options: PoolOptions) {
    this.share = new FairShare({
      slots: options.workers,
      runningPerOwner: Math.max(1, options.workers - 1),
      perOwner: options.perOwner,
      waiting: options.queue,
      busy: () => new AppError(503, "calc_busy", "Too many calculations are running; try again in a moment"),
    });
  }

  async run(job: SandboxJob, owner: Owner = "system", signal?: AbortSignal): Promise<SandboxReply> {
    const release = await this.share.acquire(owner, signal);
    try {
      return await this.onThread(job, signal);
    } finally {
      release();
    }
  }

  private onThread(job: SandboxJob, signal?: AbortSignal): Promise<SandboxReply> {
    const thread = this.idle.pop() ?? (new Worker(WORKER_URL) as SandboxThread);
    thread.ref();
    return new Promise<SandboxReply>((resolve, reject) => {
      let keep = false;
      const end = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        thread.removeEventListener("message", onMessage);
        thread.removeEventListener("error", onError);
        thread.removeEventListener("close", onClose);
        if (keep) {
          thread.unref();
          this.idle.push(thread);
        } else thread.terminate();
      };
      const finish = (reply: SandboxReply) => {
        end();
        resolve(reply);
      };
      const onAbort = () => {
        keep = false;
        end();
        reject(requestAborted());
      };
      const onMessage = (event: MessageEvent<SandboxReply & { retire: boolean }>) => {
        const { retire, ...reply } = event.data;
        keep = !retire;
        finish(reply as SandboxReply);
      };
      const onError = () => finish({ ok: false, reason: "failed", message: "The calculation stopped unexpectedly" });
      const onClose = onError;
      const timer = setTimeout(
        () => finish({ ok: false, reason: "timeout", message: `The calculation ran longer than ${CALC_LIMITS.timeMs} ms` }),
        CALC_LIMITS.timeMs + this.options.graceMs,
      );
      thread.addEventListener("message", onMessage);
      thread.addEventListener("error", onError);
      thread.addEventListener("close", onClose);
      signal?.addEventListener("abort", onAbort, { once: true });
      if (signal?.aborted) return onAbort();
      thread.postMessage(job);
    });
  }
}
