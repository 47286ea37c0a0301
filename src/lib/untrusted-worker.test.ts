import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runUntrusted, UntrustedJobError } from "./untrusted-worker";

const job = new URL("./untrusted-test-job.ts", import.meta.url);
const limits = { timeoutMs: 2000, maxRssGrowthBytes: 512 * 1024 * 1024 };

async function failure(input: { do: string }, over: Partial<typeof limits> = {}) {
  const error = await runUntrusted(job, input, { ...limits, ...over }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UntrustedJobError);
  return error as UntrustedJobError;
}

/** Largest delay of a 10 ms timer on this thread while `work` runs: the event loop's responsiveness. */
async function worstTimerDelay(work: Promise<unknown>) {
  let worst = 0;
  let done = false;
  work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    const start = performance.now();
    await Bun.sleep(10);
    worst = Math.max(worst, performance.now() - start - 10);
  }
  return worst;
}

describe("untrusted worker", () => {
  test("a job's result comes back; a job that refuses keeps its code; a stack overflow is a failure, not a crash", async () => {
    expect(await runUntrusted(job, { do: "echo", value: { a: [1, "two"] } }, limits)).toEqual({ a: [1, "two"] });
    expect(await failure({ do: "refuse" })).toMatchObject({ reason: "failed", code: "file_too_complex" });
    expect(await failure({ do: "overflow" })).toMatchObject({ reason: "failed", code: undefined });
    expect(await runUntrusted(job, { do: "echo", value: 1 }, limits)).toBe(1);
  });

  test("a job that never ends is stopped at its time limit while the event loop stays free", async () => {
    const started = performance.now();
    const work = runUntrusted(job, { do: "spin" }, { ...limits, timeoutMs: 600 });
    const worst = await worstTimerDelay(work);
    expect(await work.catch((e) => e)).toMatchObject({ reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(worst).toBeLessThan(100);
    // The next job gets a fresh worker.
    expect(await runUntrusted(job, { do: "echo", value: "after" }, limits)).toBe("after");
  });

  test("a job that keeps allocating is stopped by the memory watchdog and its memory comes back", async () => {
    Bun.gc(true);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const error = await failure({ do: "allocate" }, { timeoutMs: 10_000, maxRssGrowthBytes: 160 * 1024 * 1024 });
    clearInterval(sampler);
    expect(error.reason).toBe("memory");
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    await Bun.sleep(300);
    Bun.gc(true);
    expect(process.memoryUsage.rss() - before).toBeLessThan(100 * 1024 * 1024);
  });

  test("an uncaught error or process.exit inside the worker ends only the worker", async () => {
    expect(await failure({ do: "crash" })).toMatchObject({ reason: "crashed" });
    expect(await failure({ do: "exit" })).toMatchObject({ reason: "crashed" });
    expect(await runUntrusted(job, { do: "echo", value: "alive" }, limits)).toBe("alive");
  });

  test("one owner's jobs run one at a time, in order, each within its own limits", async () => {
    const order: string[] = [];
    const runs = ["a", "b", "c"].map((value) => runUntrusted<string>(job, { do: "echo", value }, limits).then((v) => order.push(v)));
    const slow = runUntrusted(job, { do: "spin" }, { ...limits, timeoutMs: 300 }).catch((e) => e.reason);
    await Promise.all(runs);
    expect(await slow).toBe("timeout");
    expect(order).toEqual(["a", "b", "c"]);
  });

  test("one owner's backlog never delays another owner's first job; past four jobs the owner is told 429", async () => {
    const spin = { ...limits, timeoutMs: 1500 };
    const backlog = Array.from({ length: 4 }, () => runUntrusted(job, { do: "spin" }, spin, { owner: "flood" }).catch((e) => e.reason));
    expect(await runUntrusted(job, { do: "spin" }, spin, { owner: "flood" }).catch((e) => e)).toMatchObject({ status: 429, code: "too_many_jobs" });
    const started = performance.now();
    expect(await runUntrusted(job, { do: "echo", value: "first" }, limits, { owner: "other" })).toBe("first");
    const waited = performance.now() - started;
    console.log(`another owner's first job waited ${waited.toFixed(0)} ms behind a backlog of 4 endless jobs`);
    expect(waited).toBeLessThan(800);
    expect(await Promise.all(backlog)).toEqual(["timeout", "timeout", "timeout", "timeout"]);
  }, 20_000);

  test("a waiting job whose requester left never runs; a running one is stopped at once", async () => {
    const trace = join(mkdtempSync(join(tmpdir(), "plexus-untrusted-")), "ran");
    const ahead = runUntrusted(job, { do: "spin" }, { ...limits, timeoutMs: 800 }, { owner: "leaver" }).catch((e) => e.reason);
    const left = new AbortController();
    const waiting = runUntrusted(job, { do: "record", value: trace }, limits, { owner: "leaver", signal: left.signal }).catch((e) => e);
    left.abort();
    expect(await waiting).toMatchObject({ status: 400, code: "request_aborted" });
    expect(await ahead).toBe("timeout");
    await Bun.sleep(100);
    expect(existsSync(trace)).toBe(false);
    // The same job, not aborted, does leave its trace: the check above can fail.
    expect(await runUntrusted(job, { do: "record", value: trace }, limits, { owner: "leaver" })).toBe(trace);
    expect(existsSync(trace)).toBe(true);

    const stop = new AbortController();
    const started = performance.now();
    const running = runUntrusted(job, { do: "spin" }, { ...limits, timeoutMs: 5000 }, { owner: "leaver", signal: stop.signal }).catch((e) => e);
    await Bun.sleep(100);
    stop.abort();
    expect(await running).toMatchObject({ code: "request_aborted" });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
