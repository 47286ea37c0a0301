// What the list benchmarks (data-list.ts, issue-list.ts) share: the deterministic generator, the
// filters as both the API and the raw baseline's WHERE clause say them, the raw prepared page, the
// page through app.handle, and the interleaved measuring loop.
import type { openDb } from "../db/client";
import type { createApp } from "../src/app";
import { ownPageHeaders } from "../src/testing/own-page";

export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
export const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });

/** A small deterministic generator, so every run measures the same data and the same queries. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One list page's filter: the criteria the API takes and the same condition for the raw SELECT. */
export interface Filter {
  criteria: { name: string; value: string | number }[];
  where: string;
  params: (string | number)[];
}

export const noFilter = (): Filter => ({ criteria: [], where: "", params: [] });
export const nameFilter = (term: string): Filter => ({ criteria: [{ name: "name", value: term }], where: " and name like ? escape '\\'", params: [`%${term}%`] });
export const statusFilter = (status: string): Filter => ({ criteria: [{ name: "status", value: status }], where: " and status = ?", params: [status] });

/** The ORDER BY of the raw baseline: `id` alone, otherwise the column and then id, both in `dir`. */
export const rawOrder = (sortBy: string, column: string, desc: boolean) => {
  const dir = desc ? "desc" : "asc";
  return sortBy === "id" ? `id ${dir}` : `${column} ${dir}, id ${dir}`;
};

/** A page of `select` (which ends in `offset ?`) by a prepared statement, prepared once per distinct text. */
export function rawPages(db: ReturnType<typeof openDb>) {
  const cache = new Map<string, ReturnType<typeof db.$client.prepare>>();
  return (select: string, params: (string | number)[]) => {
    let statement = cache.get(select);
    if (!statement) cache.set(select, (statement = db.$client.prepare(select)));
    return statement.all(...params) as { id: number }[];
  };
}

/** POSTs a page request to `path` through app.handle as the owner of `cookie`; anything but 200 throws. */
export function httpPages<T>(app: ReturnType<typeof createApp>["app"], cookie: string, path: string) {
  return async (input: unknown) => {
    const response = await app.handle(
      new Request(`http://plexus.bench/api/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...ownPageHeaders("http://plexus.bench") },
        body: JSON.stringify(input),
      }),
    );
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

type Page = { content: { id: number }[] };

/**
 * Runs every scenario through the raw baseline and then each path, interleaved so that drift on a noisy machine
 * hits all alike; the first `warmup` are not counted. Gives each path's p50/p95 and the pages whose ids differ from
 * the baseline's.
 */
export async function measurePages<S, K extends string>(
  scenarios: S[],
  warmup: number,
  raw: (s: S) => { id: number }[],
  paths: Record<K, (s: S) => Page | Promise<Page>>,
) {
  const names = Object.keys(paths) as K[];
  const times = { raw: [] as number[], ...(Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>) };
  let mismatches = 0;
  for (const [i, s] of scenarios.entries()) {
    let t0 = performance.now();
    const baseline = raw(s);
    const rawMs = performance.now() - t0;
    const taken: [K, number, Page][] = [];
    for (const name of names) {
      t0 = performance.now();
      let page = paths[name](s);
      if (page instanceof Promise) page = await page;
      taken.push([name, performance.now() - t0, page]);
    }
    if (i < warmup) continue;
    times.raw.push(rawMs);
    const same = (page: Page) => page.content.map((r) => r.id).join() === baseline.map((r) => r.id).join();
    for (const [name, ms] of taken) times[name].push(ms);
    if (!taken.every(([, , page]) => same(page))) mismatches++;
  }
  return {
    mismatches,
    raw: stats(times.raw),
    ...(Object.fromEntries(names.map((name) => [name, stats(times[name])])) as Record<K, ReturnType<typeof stats>>),
  };
}
