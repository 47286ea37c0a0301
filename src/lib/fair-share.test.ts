import { expect, test } from "bun:test";
import { AppError } from "./errors";
import { FairShare } from "./fair-share";

const busy = () => new AppError(503, "busy", "full");

test("owners with waiting jobs are served round-robin, each in their own order", async () => {
  const share = new FairShare({ slots: 1, runningPerOwner: 1, perOwner: 10, waiting: 10, busy });
  const order: string[] = [];
  const first = await share.acquire("a");
  const jobs = ["a1", "a2", "a3", "b1", "b2"].map((name) =>
    share.acquire(name[0]).then((release) => {
      order.push(name);
      release();
    }),
  );
  first();
  await Promise.all(jobs);
  expect(order).toEqual(["a1", "b1", "a2", "b2", "a3"]);
});

test("a job dropped while waiting frees its owner's place; the global queue answers busy when full", async () => {
  const share = new FairShare({ slots: 1, runningPerOwner: 1, perOwner: 2, waiting: 1, busy });
  const release = await share.acquire("a");
  const left = new AbortController();
  const waiting = share.acquire("a", left.signal).catch((e) => e.code);
  expect(await share.acquire("a").catch((e) => e.code)).toBe("too_many_jobs");
  expect(await share.acquire("b").catch((e) => e.code)).toBe("busy");
  left.abort();
  expect(await waiting).toBe("request_aborted");
  const next = share.acquire("b");
  release();
  (await next)();
});
