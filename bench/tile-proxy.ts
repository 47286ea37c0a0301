// `bun bench/tile-proxy.ts`: a map's tiles through the proxy, from a tile server on loopback that takes 100 ms a tile
// (a remote server's round trip): the first visit (fetched and cached) and a repeat visit (from the disk cache), beside
// the same tiles fetched straight from that server, medians of 200 tiles. Plexus is called in process (app.handle).
import { eq } from "drizzle-orm";
import { settings } from "../db/schema";
import { testApp } from "../src/testing/harness";

const TILES = 200;
const DELAY_MS = 100;
const body = new Uint8Array(20_000).map((_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? i % 251);
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: async () => (await Bun.sleep(DELAY_MS), new Response(body, { headers: { "content-type": "image/png" } })) });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: (i: number) => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < TILES; i++) {
    const started = performance.now();
    const response = await run(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`tile ${i}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

const t = testApp();
try {
  const origin = `http://127.0.0.1:${server.port}`;
  t.db.update(settings).set({ body: origin }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
  const { cookie } = await t.userWithCookie("ADMIN");
  const project = await t.call("POST", "/project/create", { cookie, body: { name: "Bench" } });
  const layer = await t.call("POST", "/layer/save", { cookie, body: { project: { id: project.body.id }, name: "Bench", type: "XYZ", url: `${origin}/{z}/{x}/{y}.png` } });
  const tile = (i: number) => t.app.handle(new Request(`http://plexus.test/api/tiles/${layer.body.id}/8/${i}/${i}`, { headers: { cookie, "sec-fetch-dest": "image" } }));
  const direct = await timed((i) => fetch(`${origin}/8/${i}/${i}.png`));
  const first = await timed(tile);
  const repeat = await timed(tile);
  console.log(`tile server straight: p50 ${direct.toFixed(1)} ms; through the proxy, first visit: p50 ${first.toFixed(1)} ms; repeat visit (disk cache): p50 ${repeat.toFixed(2)} ms (${(direct / repeat).toFixed(0)}x faster than the server)`);
} finally {
  await t.close();
  server.stop(true);
}
