// The map at scale in Debian's chromium (SwiftShader, no GPU): a points layer of 100,000 objects, and frames per
// second while the map is dragged back and forth, drawn on canvas (objects clustered within 200 px) and then through
// ol's WebGLVectorLayer, in the same run on the same page. The server sends at most 5,000 objects a view and
// clusters past that. Needs a build (`bun run build`; PLEXUS_BUILD_DIR picks it). `bun bench/map-fps.ts` runs it
// alone; bench/run.ts runs it with the rest.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openDb } from "../db/client";
import { users } from "../db/schema";
import { launchBrowser } from "../e2e/setup";
import { loadConfig } from "../src/lib/config";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";
import { ownPageHeaders } from "../src/testing/own-page";
import { startServer } from "../src/web";
import type { Figure } from "./chat-load";

process.env.PLEXUS_QUIET = "1";

const POINTS = 100_000;
/** The points fall uniformly on 10° x 5° around [5, 2.5]; at zoom 10 a 1280 x 720 view holds about 3,500 of them. */
const AREA = { west: 0, south: 0, width: 10, height: 5 };
const ZOOM = 10;
const DRAG_PX = 400;
const STEP_PX = 8;
const SECONDS = 4;

async function seed(base: string, db: ReturnType<typeof openDb>) {
  const admin = db.insert(users).values({ firstName: "B", lastName: "B", login: "bench", email: "b@bench.test", passwordHash: "-", isActive: true, role: "SYSTEM_ADMIN" }).returning().get();
  const cookie = `${SESSION_COOKIE}=${createSession(db, admin.id).token}`;
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, { method: "POST", headers: { ...ownPageHeaders(base), cookie, "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
  const project = await api<{ id: number }>("/project/create", { name: "Bench" });
  const style = await api<{ id: number }>("/layer-poi-style", { name: "Green", fill: "#00C853FF", stroke: "#1B5E20FF", strokeWidth: 1 });
  const template = await api<{ id: number }>("/layer-poi-template", { name: "Tree", graphType: "POINT", defaultLayerPoiStyle: { id: style.id } });
  const layer = await api<{ id: number }>("/layer/save", { project: { id: project.id }, name: "Trees", type: "LAYER_POI" });
  await api(`/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
  // Written inside SQLite as bench/poi-bbox.ts does: 100,000 saves through the API would take minutes.
  db.$client
    .prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?3),
       p(i, lon, lat) as materialized (select i, ?4 + (abs(random()) % ?6) / 1e6, ?5 + (abs(random()) % ?7) / 1e6 from n)
       insert into poi_objects (layer_id, template_id, name, geometry, properties, min_lon, min_lat, max_lon, max_lat)
       select ?1, ?2, 'Tree ' || i, json_object('type', 'Point', 'coordinates', json_array(lon, lat)), '{}', lon, lat, lon, lat from p`,
    )
    .run(layer.id, template.id, POINTS, AREA.west, AREA.south, AREA.width * 1e6, AREA.height * 1e6);
  const center = [AREA.west + AREA.width / 2, AREA.south + AREA.height / 2];
  const map = await api<{ id: number }>("/map/save", {
    project: { id: project.id },
    name: "Trees",
    position: JSON.stringify({ center, zoom: ZOOM, extent: [-528, -90, 551, 90] }),
    layerConfigList: [{ layer: { id: layer.id }, visible: true }],
  });
  return { cookie, path: `/project/${project.id}/map/${map.id}` };
}

/** Frames per second while the map is dragged DRAG_PX one way and back, again and again, for SECONDS. */
async function dragFps(page: Page) {
  const box = (await page.locator("#map-canvas").boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - DRAG_PX / 2;
  await page.evaluate(() => {
    const counter = window as unknown as { frames: number; counting: boolean };
    counter.frames = 0;
    counter.counting = true;
    const tick = () => {
      counter.frames++;
      if (counter.counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const start = performance.now();
  let direction = 1;
  while (performance.now() - start < SECONDS * 1000) {
    await page.mouse.move(direction > 0 ? from : from + DRAG_PX, y);
    await page.mouse.down();
    for (let moved = STEP_PX; moved <= DRAG_PX; moved += STEP_PX) await page.mouse.move(direction > 0 ? from + moved : from + DRAG_PX - moved, y);
    await page.mouse.up();
    direction = -direction;
  }
  const frames = await page.evaluate(() => {
    const counter = window as unknown as { frames: number; counting: boolean };
    counter.counting = false;
    return counter.frames;
  });
  return frames / ((performance.now() - start) / 1000);
}

/** Waits until the points layer has drawn its first view (a min-geo-json answer, then a quiet moment). */
async function settled(page: Page, loaded: Promise<unknown>) {
  await loaded;
  await page.waitForTimeout(1500);
}

/** Runs the benchmark; figures for bench/run.ts. */
export async function mapFps(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-map-"));
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  const base = `http://localhost:${port}`;
  const config = loadConfig({ DATA_DIR: dir, PORT: String(port), PUBLIC_URL: base });
  const db = openDb(config.dbPath);
  const server = await startServer({ db, config });
  const browser = await launchBrowser();
  try {
    const { cookie, path } = await seed(base, db);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: base }, { name: "plexus_locale", value: "en", url: base }]);
    await context.addInitScript(() => localStorage.setItem("plexus.disclaimerSeen", "1"));
    const page = await context.newPage();
    const answers: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/min-geo-json")) void response.json().then((body: { features: unknown[] }) => answers.push(body.features.length), () => undefined);
    });
    const firstAnswer = page.waitForResponse((response) => response.url().includes("/min-geo-json"));
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    await settled(page, firstAnswer);
    const canvas = await dragFps(page);
    const toggle = page.getByRole("button", { name: "WebGL mode" });
    await toggle.click();
    await page.locator("#snackbar").getByText("WebGL mode on").waitFor();
    await page.waitForTimeout(1500);
    const webgl = await dragFps(page);
    await context.close();
    const objects = answers.length ? Math.max(...answers) : 0;
    const what = `${POINTS.toLocaleString("en")} points, zoom ${ZOOM}, 1280x720, up to ${objects} objects a view from the server (over ${answers.length} answers), dragged for ${SECONDS} s`;
    return [
      [`map drag on canvas, points clustered within 200 px, frames per second (${what})`, canvas, "fps", { baseline: `WebGL (ol WebGLVectorLayer, SwiftShader) ${webgl.toFixed(1)} fps`, ratio: canvas / webgl, target: ">= 30 fps", pass: canvas >= 30 }],
      [`map drag through WebGL, frames per second (the same page; no GPU here, not a target)`, webgl, "fps", { baseline: `canvas ${canvas.toFixed(1)} fps` }],
    ];
  } finally {
    await browser.close();
    await server.stop();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [name, value, unit, opts] of await mapFps()) {
    console.log(`${name}: ${value.toFixed(1)} ${unit}${opts?.baseline ? `; ${opts.baseline}` : ""}${opts?.target ? `; target ${opts.target}: ${opts.pass ? "PASS" : "FAIL"}` : ""}`);
  }
}
