import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { settings, users } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { TileCache } from "./tile-cache";
import { serveTile } from "./tiles";
import { tileAddress } from "./tile-url";
import { TILE_FETCH_LIMITS } from "./tile-fetch";

const { t, f } = withTestApp();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);

/** Requests each test server received, by path. */
const hits: string[] = [];
const elsewhereHits: string[] = [];
let tiles: ReturnType<typeof Bun.serve>;
let elsewhere: ReturnType<typeof Bun.serve>;
let failing = false;

beforeAll(() => {
  // A server an administrator never allowed: the proxy must never reach it.
  elsewhere = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request) => {
      elsewhereHits.push(new URL(request.url).pathname);
      return new Response(PNG, { headers: { "content-type": "image/png" } });
    },
  });
  tiles = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 30,
    fetch: (request) => {
      const { pathname } = new URL(request.url);
      hits.push(pathname);
      const [, kind, z, x, y] = pathname.split("/");
      if (failing) return new Response("down", { status: 503 });
      if (kind === "ok") return new Response(PNG, { headers: { "content-type": "image/png" } });
      if (kind === "hang") return new Promise<Response>(() => {});
      if (kind === "garbage") return new Response("<html><script>alert(1)</script></html>", { headers: { "content-type": "image/png" } });
      if (kind === "big") return new Response(new Uint8Array(3 * 1024 * 1024).map((_, i) => PNG[i] ?? 7), { headers: { "content-type": "image/png" } });
      if (kind === "away") return Response.redirect(`http://127.0.0.1:${elsewhere.port}/${z}/${x}/${y}`, 302);
      if (kind === "moved") return Response.redirect(`/ok/${z}/${x}/${y}`, 301);
      return new Response("no tile", { status: 404 });
    },
  });
});
afterAll(() => {
  tiles.stop(true);
  elsewhere.stop(true);
});

const allow = (origins: string) => t.db.update(settings).set({ body: origins }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();

/** A project whose moderator saved an XYZ layer on the test tile server under `/kind/`, allowed. */
async function scene(kind = "ok") {
  const s = await f.projectScene();
  allow(`http://127.0.0.1:${tiles.port}`);
  const res = await t.call("POST", "/layer/save", { cookie: s.moderator.cookie, body: { project: { id: s.project.id }, name: kind, type: "XYZ", url: `http://127.0.0.1:${tiles.port}/${kind}/{z}/{x}/{y}` } });
  expect(res.status).toBe(200);
  hits.length = 0;
  elsewhereHits.length = 0;
  failing = false;
  return { ...s, layer: res.body as { id: number } };
}

/** A tile as an <img> on our page asks for it: no proof header, no Origin. */
async function tile(path: string, cookie?: string, headers: Record<string, string> = {}) {
  const response = await t.app.handle(new Request(`http://plexus.test/api/tiles/${path}`, { headers: { "sec-fetch-dest": "image", ...(cookie ? { cookie } : {}), ...headers } }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get("content-type")?.includes("json") ? JSON.parse(new TextDecoder().decode(bytes)) : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

describe("the tile proxy", () => {
  test("an allowed server's tile is served as a sniffed image and cached: the second request does not reach the server", async () => {
    const { layer, member } = await scene();
    const first = await tile(`${layer.id}/3/2/5`, member.cookie);
    expect(first.status).toBe(200);
    expect(first.bytes).toEqual(PNG);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(hits).toEqual(["/ok/3/2/5"]);
    const second = await tile(`${layer.id}/3/2/5`, member.cookie);
    expect(second.status).toBe(200);
    expect(second.bytes).toEqual(PNG);
    expect(hits).toHaveLength(1);
    const revalidated = await tile(`${layer.id}/3/2/5`, member.cookie, { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(hits).toHaveLength(1);
    expect(readdirSync(join(t.config.dataDir, "tile-cache", String(layer.id)))).toHaveLength(1);
  });

  test("a server no longer allowed is refused without any request", async () => {
    const { layer, member } = await scene();
    allow("https://tile.example.org");
    const refused = await tile(`${layer.id}/1/0/0`, member.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("tile_host_not_allowed");
    expect(hits).toEqual([]);
  });

  test("a server that hangs: 504 within the time cap, and the event loop keeps turning meanwhile", async () => {
    const { layer, member } = await scene("hang");
    const actor = t.db.select().from(users).where(eq(users.id, member.user.id)).get()!;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    const answer = serveTile(t.ctx, actor, { layerId: layer.id, z: 1, x: 0, y: 0 }, new Request("http://plexus.test/"), { ...TILE_FETCH_LIMITS, timeoutMs: 400 });
    await expect(answer).rejects.toMatchObject({ status: 504, code: "tile_timeout" });
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(ticks).toBeGreaterThan(5);
  });

  test("past the tiles fetched at once, another tile is 503 without a request; the same tile waits for the one fetch", async () => {
    const { layer, member } = await scene("hang");
    const actor = t.db.select().from(users).where(eq(users.id, member.user.id)).get()!;
    const limits = { ...TILE_FETCH_LIMITS, timeoutMs: 1500, atOnce: 2 };
    const ask = (x: number) => serveTile(t.ctx, actor, { layerId: layer.id, z: 2, x, y: 0 }, new Request("http://plexus.test/"), limits).catch((error) => error);
    const waiting = [ask(0), ask(1), ask(1)];
    await Bun.sleep(100);
    await expect(ask(2)).resolves.toMatchObject({ status: 503, code: "tile_proxy_busy" });
    expect(hits).toEqual(["/hang/2/0/0", "/hang/2/1/0"]);
    expect((await Promise.all(waiting)).map((error) => error.code)).toEqual(["tile_timeout", "tile_timeout", "tile_timeout"]);
  });

  test("garbage, a tile past 2 MB and a redirect off the list are 502; nothing is cached; the server off the list is never reached", async () => {
    const { project, moderator, member } = await scene();
    for (const [kind, code] of [["garbage", "tile_not_image"], ["big", "tile_too_large"], ["away", "tile_redirect_refused"]] as const) {
      const layer = await t.call("POST", "/layer/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name: kind, type: "XYZ", url: `http://127.0.0.1:${tiles.port}/${kind}/{z}/{x}/{y}` } });
      hits.length = 0;
      for (let i = 0; i < 2; i++) {
        const res = await tile(`${layer.body.id}/2/1/1`, member.cookie);
        expect(res.status).toBe(502);
        expect(res.json.error).toBe(code);
      }
      expect(hits).toHaveLength(2);
      expect(existsSync(join(t.config.dataDir, "tile-cache", String(layer.body.id)))).toBe(false);
    }
    expect(elsewhereHits).toEqual([]);
  }, 20_000);

  test("a redirect to the same allowed server is followed; the server's 404 is passed on", async () => {
    const { project, moderator, member } = await scene("moved");
    const layer = (await t.call("GET", `/layer/get-xyz-layers?projectId=${project.id}`, { cookie: member.cookie })).body[0];
    expect((await tile(`${layer.id}/2/1/1`, member.cookie)).bytes).toEqual(PNG);
    expect(hits).toEqual(["/moved/2/1/1", "/ok/2/1/1"]);
    const missing = await t.call("POST", "/layer/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name: "Nothing", type: "XYZ", url: `http://127.0.0.1:${tiles.port}/nothing/{z}/{x}/{y}` } });
    expect((await tile(`${missing.body.id}/2/1/1`, member.cookie)).json.error).toBe("tile_not_found");
  });

  test("a stale tile is fetched again, and served as it was when the server fails", async () => {
    const { layer, member } = await scene();
    await tile(`${layer.id}/2/1/1`, member.cookie);
    const dir = join(t.config.dataDir, "tile-cache", String(layer.id));
    const [file] = await readdir(dir);
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    await utimes(join(dir, file!), old, old);
    failing = true;
    const stale = await tile(`${layer.id}/2/1/1`, member.cookie);
    expect(stale.status).toBe(200);
    expect(stale.bytes).toEqual(PNG);
    expect(hits).toHaveLength(2);
  });

  test("who may have tiles: readers of the layer; outsiders and strangers 404 unless a public map shows the layer", async () => {
    const { layer, project, member, outsider, moderator } = await scene();
    expect((await tile(`${layer.id}/0/0/0`, outsider.cookie)).json.error).toBe("data_not_found");
    expect((await tile(`${layer.id}/0/0/0`)).json.error).toBe("data_not_found");
    expect(hits).toEqual([]);
    const open = f.category(project.id, { name: "Open", isPublic: true });
    const map = await t.call("POST", "/map/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name: "Public", categoryList: [{ id: open.id }], layerConfigList: [{ layer: { id: layer.id } }] } });
    expect(map.status).toBe(200);
    const anyone = await tile(`${layer.id}/0/0/0`);
    expect(anyone.status).toBe(200);
    expect(anyone.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await tile(`${layer.id}/1/2/0`, member.cookie)).status).toBe(422);
    expect((await tile(`${layer.id}/25/0/0`, member.cookie)).status).toBe(422);
    const poi = await t.call("POST", "/layer/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name: "Wells", type: "LAYER_POI" } });
    expect((await tile(`${poi.body.id}/0/0/0`, member.cookie)).json.error).toBe("tile_not_found");
    // Another site's script is still refused: its Origin gives it away.
    expect((await tile(`${layer.id}/0/0/0`, member.cookie, { origin: "http://evil.test" })).json.error).toBe("origin_mismatch");
    expect((await t.call("GET", `/tiles/${layer.id}/0/0/0`, { cookie: member.cookie, headers: OWN_PAGE_HEADERS })).status).toBe(200);
  });

  test("a layer deleted for good takes its cached tiles", async () => {
    const { layer, member, moderator, admin } = await scene();
    await tile(`${layer.id}/0/0/0`, member.cookie);
    const dir = join(t.config.dataDir, "tile-cache", String(layer.id));
    expect(existsSync(dir)).toBe(true);
    await t.call("GET", `/data/remove?id=${layer.id}`, { cookie: moderator.cookie });
    expect((await t.call("GET", `/data/remove-forever?id=${layer.id}`, { cookie: admin.cookie })).status).toBe(200);
    await Bun.sleep(50);
    expect(existsSync(dir)).toBe(false);
  });
});

test("a template's {-y} counts rows from the south; {z}, {x} and {y} are filled as they are", () => {
  expect(tileAddress("https://t.example/{z}/{x}/{-y}.png", 3, 2, 5)).toBe("https://t.example/3/2/2.png");
  expect(tileAddress("https://t.example/{z}/{x}/{y}.png?z={z}", 3, 2, 5)).toBe("https://t.example/3/2/5.png?z=3");
});

describe("the tile cache", () => {
  test("past its size the least recently written tiles go until a tenth of the room is free", async () => {
    const dir = await mkdtemp(join(tmpdir(), "plexus-tiles-"));
    try {
      const cache = new TileCache(dir, 1000, 60_000);
      const paths = [0, 1, 2, 3].map((i) => cache.pathOf(1, `http://x/${i}`));
      for (const [i, path] of paths.entries()) {
        await cache.write(path, new Uint8Array(300).fill(i));
        await utimes(path, new Date(Date.now() - (10 - i) * 1000), new Date(Date.now() - (10 - i) * 1000));
        await cache.idle();
      }
      const kept = paths.map((path) => existsSync(path));
      expect(kept).toEqual([false, true, true, true]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
