/**
 * Measures how a hostile action stalls everyone else: /api/health is asked every few milliseconds, as
 * another user would, while the action runs, and the latencies (from when each probe was due, so a
 * blocked event loop counts in full) are compared with the same probe on the idle server.
 */
import { percentile } from "../../bench/list-bench";

type Handle = (request: Request) => Promise<Response> | Response;

export interface StallReport {
  idle: { p50: number; p99: number };
  busy: { p50: number; p99: number; max: number; samples: number };
  /** busy p99 / max(idle p99, floorMs): the figure a test holds under 3. */
  ratio: number;
}

async function probe(handle: Handle, url: string, while_: () => boolean, everyMs: number): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const send = (scheduled: number) =>
    pending.push(
      Promise.resolve(handle(new Request(url))).then(async (response) => {
        await response.arrayBuffer();
        latencies.push(performance.now() - scheduled);
      }),
    );
  let due = performance.now();
  while (while_()) {
    send(due);
    due += everyMs;
    await Bun.sleep(Math.max(0, due - performance.now()));
  }
  // The probe that fell due while a block lasted to the action's very end is sent too, late, so that block counts in full.
  if (due < performance.now()) send(due);
  await Promise.all(pending);
  return latencies;
}

/**
 * Runs `action` while probing `handle` (an app's `handle`, or `fetch` against a real server) and
 * returns idle and busy latency figures. `floorMs` keeps a sub-millisecond idle p99 from making any
 * scheduling jitter look like a stall.
 */
export async function measureStall(handle: Handle, action: () => Promise<unknown>, options: { url?: string; everyMs?: number; idleMs?: number; floorMs?: number } = {}): Promise<StallReport> {
  const url = options.url ?? "http://plexus.test/api/health";
  const everyMs = options.everyMs ?? 10;
  // A full collection owed by the tests run before in this process is paid now, not in the middle of the measure.
  Bun.gc(true);
  const idleEnd = performance.now() + (options.idleMs ?? 500);
  const idle = await probe(handle, url, () => performance.now() < idleEnd, everyMs);
  let running = true;
  const busyRun = probe(handle, url, () => running, everyMs);
  try {
    await action();
  } finally {
    running = false;
  }
  const busy = await busyRun;
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  return {
    idle: { p50: percentile(idle, 50), p99: idleP99 },
    busy: { p50: percentile(busy, 50), p99: busyP99, max: Math.max(...busy), samples: busy.length },
    ratio: busyP99 / Math.max(idleP99, options.floorMs ?? 5),
  };
}
