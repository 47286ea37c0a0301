import { AppError } from "../../lib/errors";
import { CALC_LIMITS } from "./limits";
import type { SandboxJob, SandboxReply } from "./sandbox-worker";

export interface PoolOptions {
  /** Sandbox threads running at once. */
  workers: number;
  /** Invocations that may wait for a thread; past it the pool answers 503 calc_busy. */
  queue: number;
  /** After the time limit, how long a thread may still take to answer before it is ended. */
  graceMs: number;
}

/** Bun's Worker (the DOM typings the project also loads lack ref/unref). */
type SandboxThread = Worker & { ref(): void; unref(): void };

interface Waiting {
  job: SandboxJob;
  resolve: (reply: Promise<SandboxReply>) => void;
}

const WORKER_URL = new URL("./sandbox-worker.ts", import.meta.url);

/**
 * Runs calculation scripts on a few sandbox threads (sandbox-worker.ts), off the event loop, one job
 * per thread at a time, with a bounded queue. A thread whose job outlives the time limit plus a grace
 * (a long built-in call the interrupt handler cannot break, or QuickJS collecting garbage again and
 * again near its memory limit), that ran out of memory or that died is ended and replaced by a fresh
 * one on the next job. It never rejects except with 503 calc_busy when full.
 */
export class CalcPool {
  private idle: SandboxThread[] = [];
  private running = 0;
  private waiting: Waiting[] = [];

  constructor(private readonly options: PoolOptions) {}

  run(job: SandboxJob): Promise<SandboxReply> {
    if (this.running < this.options.workers) return this.start(job);
    if (this.waiting.length >= this.options.queue) {
      return Promise.reject(new AppError(503, "calc_busy", "Too many calculations are running; try again in a moment"));
    }
    return new Promise((resolve) => this.waiting.push({ job, resolve }));
  }

  private async start(job: SandboxJob): Promise<SandboxReply> {
    this.running++;
    try {
      return await this.onThread(job);
    } finally {
      const next = this.waiting.shift();
      this.running--;
      if (next) next.resolve(this.start(next.job));
    }
  }

  private onThread(job: SandboxJob): Promise<SandboxReply> {
    const thread = this.idle.pop() ?? (new Worker(WORKER_URL) as SandboxThread);
    thread.ref();
    return new Promise<SandboxReply>((resolve) => {
      let keep = false;
      const finish = (reply: SandboxReply) => {
        clearTimeout(timer);
        thread.removeEventListener("message", onMessage);
        thread.removeEventListener("error", onError);
        thread.removeEventListener("close", onClose);
        if (keep) {
          thread.unref();
          this.idle.push(thread);
        } else thread.terminate();
        resolve(reply);
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
      thread.postMessage(job);
    });
  }
}
