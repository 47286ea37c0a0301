import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import LineString from "ol/geom/LineString";
import Polygon from "ol/geom/Polygon";
import { fromLonLat } from "ol/proj";
import { getArea, getLength } from "ol/sphere";
import type { Page } from "playwright-core";
import { settings } from "../db/schema";
import { initialScripts, SHARED_RUNTIME, scriptsFrom } from "../src/testing/script-size";
import { countColours } from "./pixels";
import { apiCall, browserSuite, islandsHydrated, projectWithModerator } from "./setup";

// The map page in Debian's chromium against the built server, with every request off our origin refused: the
// offline basemap is drawn, a line and a polygon are measured on the sphere, the map exports as a real PNG, WebGL
// switches on and off, only editors see add object, the page's JavaScript with OpenLayers stays in budget (none
// of it on a page without a map), and the map works at 360 px.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 250 * 1024;
/** The width of the world in EPSG:3857, in metres. */
const WORLD_METRES = 40_075_016.68557849;
// Registered before the suite's own afterEach, which closes the contexts: a page's route, dropped with requests still
// in flight, would otherwise throw in Playwright's client between tests.
const routedPages: Page[] = [];
afterEach(async () => {
  await Promise.all(routedPages.splice(0).map((page) => page.unrouteAll({ behavior: "ignoreErrors" }).catch(() => undefined)));
});
const suite = browserSuite();

/** A PNG of `size`×`size` pixels of one colour, written out here: the XYZ test server's tile. */
function solidPng(size: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new DataView(new ArrayBuffer(12 + data.length));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(8 + data.length, Bun.hash.crc32(body));
    return new Uint8Array(out.buffer);
  };
  const header = new DataView(new ArrayBuffer(13));
  header.setUint32(0, size);
  header.setUint32(4, size);
  header.setUint8(8, 8); // bit depth
  header.setUint8(9, 2); // RGB
  const row = [0, ...Array.from({ length: size }, () => [r, g, b]).flat()];
  const pixels = deflateSync(new Uint8Array(Array.from({ length: size }, () => row).flat()));
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", new Uint8Array(header.buffer)), chunk("IDAT", pixels), chunk("IEND", new Uint8Array())];
  return new Uint8Array(parts.flatMap((part) => [...part]));
}

/** An XYZ tile server on loopback, magenta everywhere, counting the tiles asked of it. */
const TILE = solidPng(16, [255, 0, 255]);
const tileHits: string[] = [];
let tileServer: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  tileServer = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request) => {
      tileHits.push(new URL(request.url).pathname);
      return new Response(TILE, { headers: { "content-type": "image/png" } });
    },
  });
});
afterAll(() => tileServer.stop(true));

async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const map = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { name: "Мир", project: { id: s.projectId } });
  return { ...s, mapId: map.id, mapPath: `/project/${s.projectId}/map/${map.id}` };
}

/** Opens `path` refusing (and counting) every request that leaves our origin: the map must need none. */
async function openOffline(page: Page, path: string) {
  const outside: string[] = [];
  const origin = new URL(suite.plexus.url).origin;
  routedPages.push(page);
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith("http"),
    (route) => {
      outside.push(route.request().url());
      return route.abort("internetdisconnected");
    },
  );
  await page.goto(`${suite.plexus.url}${path}`);
  return outside;
}

/** Waits until the map's canvas has land drawn on it (the basemap's land colour, #eceff1), and returns its box. */
async function basemapDrawn(page: Page) {
  await page.waitForFunction(() => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")) {
      const context = canvas.width ? canvas.getContext("2d") : null;
      if (!context) continue;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i] === 0xec && pixels[i + 1] === 0xef && pixels[i + 2] === 0xf1) return true;
    }
    return false;
  });
  return (await page.locator("#map-canvas").boundingBox())!;
}

/**
 * Clicks the map at offsets from its centre (CSS px) and finishes the drawing with Enter; returns the clicked points
 * in EPSG:3857. A map never moved looks at [0, 0] from zoom 0, which OpenLayers narrows until one world covers the
 * whole map (no repeated worlds): metres per pixel are the world's width over the map's longer side.
 */
async function drawAt(page: Page, offsets: [number, number][]) {
  const box = (await page.locator("#map-canvas").boundingBox())!;
  const resolution = WORLD_METRES / Math.max(Math.round(box.width), Math.round(box.height));
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (const [dx, dy] of offsets) {
    await page.mouse.click(centre.x + dx, centre.y + dy);
    await page.waitForTimeout(350); // two clicks in a row would be a double click, which ends the drawing
  }
  await page.keyboard.press("Enter");
  return offsets.map(([dx, dy]) => [dx * resolution, -dy * resolution]);
}

/** The number of a measured figure ("Distance: 1,234.56 km"). */
const figure = (text: string) => Number(/([\d,]+\.\d+)/.exec(text)![1]!.replaceAll(",", ""));

describe("map page", () => {
  test(
    "with no internet the map draws the offline basemap of countries, and nothing is fetched off our origin",
    async () => {
      const s = await scene("Offline");
      const { page } = await suite.pageAs(s.readerCookie);
      const outside = await openOffline(page, s.mapPath);
      await basemapDrawn(page);
      await page.getByRole("tab", { name: "Layers" }).click();
      await expect(page.getByRole("checkbox", { name: "Countries (offline basemap)" }).isChecked()).resolves.toBe(true);
      expect(outside).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "an XYZ layer on an allowed loopback server is drawn through the tile proxy, never fetched by the browser, a second visit is served from the proxy's cache, and EPSG:3395 tiles bring proj4 along",
    async () => {
      const s = await scene("Tiles");
      suite.plexus.db.update(settings).set({ body: `http://127.0.0.1:${tileServer.port}` }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
      const layer = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", {
        project: { id: s.projectId },
        name: "Пурпур",
        type: "XYZ",
        url: `http://127.0.0.1:${tileServer.port}/{z}/{x}/{y}.png`,
      });
      await apiCall(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { id: s.mapId, project: { id: s.projectId }, name: "Мир", layerConfigList: [{ layer: { id: layer.id }, visible: true }] });
      const magentaDrawn = (page: Page) =>
        page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].some((canvas) => {
            const context = canvas.width ? canvas.getContext("2d") : null;
            if (!context) return false;
            const [r, g, b] = context.getImageData(Math.round(canvas.width / 2), Math.round(canvas.height / 2), 1, 1).data;
            return r === 255 && g === 0 && b === 255;
          }),
        );
      tileHits.length = 0;
      const first = (await suite.pageAs(s.readerCookie)).page;
      // The loopback server is off our origin: had the browser asked it for a tile, openOffline would have refused and said so.
      const outside = await openOffline(first, s.mapPath);
      await magentaDrawn(first);
      expect(outside).toEqual([]);
      const tileUrls = await first.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((path) => path.startsWith("/api/tiles/")));
      expect(tileUrls.length).toBeGreaterThan(0);
      expect(tileUrls.every((path) => path.startsWith(`/api/tiles/${layer.id}/`))).toBe(true);
      const fetched = tileHits.length;
      expect(fetched).toBeGreaterThan(0);
      const proj4Loaded = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/proj4\.[\w-]+\.js$/.test(e.name)));
      await expect(proj4Loaded(first)).resolves.toBe(false);
      // Another reader in a fresh browser: the proxy answers from its cache, the tile server is asked nothing.
      const second = (await suite.pageAs(s.moderatorCookie)).page;
      await openOffline(second, s.mapPath);
      await magentaDrawn(second);
      expect(tileHits.length).toBe(fetched);
      // The layers tab lists the layer over the basemap; hiding it uncovers the basemap.
      await second.getByRole("checkbox", { name: "Пурпур" }).uncheck();
      await basemapDrawn(second);
      // World Mercator (EPSG:3395) tiles are reprojected with proj4, which loads with such a layer only.
      const mercator = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", {
        project: { id: s.projectId },
        name: "Меркатор",
        type: "XYZ",
        projection: "EPSG:3395",
        url: `http://127.0.0.1:${tileServer.port}/3395/{z}/{x}/{y}.png`,
      });
      const world = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { name: "Меркатор", project: { id: s.projectId }, layerConfigList: [{ layer: { id: mercator.id }, visible: true }] });
      const third = (await suite.pageAs(s.readerCookie)).page;
      await openOffline(third, `/project/${s.projectId}/map/${world.id}`);
      await magentaDrawn(third);
      await expect(proj4Loaded(third)).resolves.toBe(true);
      expect(tileHits.some((path) => path.startsWith("/3395/"))).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "a moderator reorders, hides and removes layers and saves the map: the next visit shows them so (map/save); save as asks a name and opens the new map",
    async () => {
      const s = await scene("Save");
      const ids: number[] = [];
      for (const name of ["Верхний", "Средний", "Нижний"]) {
        ids.push((await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name, type: "LAYER_POI" })).id);
      }
      await apiCall(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { id: s.mapId, project: { id: s.projectId }, name: "Мир", layerConfigList: ids.map((id, i) => ({ layer: { id }, visible: true, indexNumber: i })) });
      const { page } = await suite.pageAs(s.moderatorCookie);
      await openOffline(page, s.mapPath);
      const names = () => page.locator(".map__layers li label").allTextContents();
      await page.getByRole("checkbox", { name: "Верхний" }).waitFor();
      await expect(names()).resolves.toEqual(["Верхний", "Средний", "Нижний", "Countries (offline basemap)"]);
      // With the keyboard: the arrow buttons are buttons; focus one and press Enter.
      await page.getByRole("button", { name: "Move Нижний up" }).focus();
      await page.keyboard.press("Enter");
      await expect(names()).resolves.toEqual(["Верхний", "Нижний", "Средний", "Countries (offline basemap)"]);
      // By dragging: Средний on top of Верхний.
      await page.locator(".map__layers li", { hasText: "Средний" }).dragTo(page.locator(".map__layers li", { hasText: "Верхний" }));
      await expect(names()).resolves.toEqual(["Средний", "Верхний", "Нижний", "Countries (offline basemap)"]);
      await page.getByRole("checkbox", { name: "Нижний" }).uncheck();
      await page.getByRole("button", { name: "Remove Верхний from the map" }).click();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator("#snackbar").getByText("Map saved").waitFor();
      const saved = await apiCall<{ layerConfigList: { layer: { name: string }; visible: boolean }[] }>(suite.plexus.url, s.readerCookie, "GET", `/map/get?id=${s.mapId}`);
      expect(saved.layerConfigList.map((c) => [c.layer.name, c.visible])).toEqual([
        ["Средний", true],
        ["Нижний", false],
      ]);
      // Save as: the name is asked first, then the new map opens with the same layers.
      await page.getByRole("button", { name: "Save as" }).click();
      const dialog = page.getByRole("dialog", { name: "Save as" });
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Enter a name").waitFor();
      await dialog.getByLabel("Name of the new map").fill("Копия");
      await Promise.all([page.waitForURL((url) => url.pathname !== s.mapPath), dialog.getByRole("button", { name: "Save" }).click()]);
      await islandsHydrated(page);
      await page.getByRole("checkbox", { name: "Средний" }).waitFor();
      await expect(names()).resolves.toEqual(["Средний", "Нижний", "Countries (offline basemap)"]);
      await expect(page.title()).resolves.toContain("Копия");
      // A plain member may look but not save.
      const reader = (await suite.pageAs(s.readerCookie)).page;
      await openOffline(reader, s.mapPath);
      await reader.getByRole("checkbox", { name: "Средний" }).waitFor();
      await expect(reader.getByRole("button", { name: "Save", exact: true }).count()).resolves.toBe(0);
    },
    TIMEOUT,
  );

  test(
    "objects of a points layer are drawn in their style; a click selects one with the red and blue pulse; two on one spot open the feature selector; the search tab finds them by name; a ?layerPoiId= link opens the map on its object",
    async () => {
      const s = await scene("Objects");
      const { plexus } = suite;
      const style = await apiCall<{ id: number }>(plexus.url, s.adminCookie, "POST", "/layer-poi-style", { name: "Зелёный", fill: "#00C853FF", stroke: "#1B5E20FF", strokeWidth: 2 });
      const template = await apiCall<{ id: number }>(plexus.url, s.adminCookie, "POST", "/layer-poi-template", { name: "Колодец", graphType: "POINT", defaultLayerPoiStyle: { id: style.id } });
      const layer = await apiCall<{ id: number }>(plexus.url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Колодцы", type: "LAYER_POI" });
      await apiCall(plexus.url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
      // Two wells on one spot, a third 0.04° east: at zoom 13 the spots are 233 px apart, past the 200 px clusters.
      const points = [[10, 50], [10, 50], [10.04, 50]];
      const objectIds: number[] = [];
      for (const coordinates of points) {
        const saved = await apiCall<{ id: number }>(plexus.url, s.moderatorCookie, "POST", "/layer-poi/save", { layer: { id: layer.id }, template: { id: template.id }, geometry: { type: "Point", coordinates } });
        objectIds.push(saved.id);
      }
      const centre = [10.02, 50] as [number, number];
      await apiCall(plexus.url, s.moderatorCookie, "POST", "/map/save", {
        id: s.mapId,
        project: { id: s.projectId },
        name: "Мир",
        position: JSON.stringify({ center: centre, zoom: 13, extent: [-528, -90, 551, 90] }),
        layerConfigList: [{ layer: { id: layer.id }, visible: true }],
      });
      const { page } = await suite.pageAs(s.readerCookie);
      await openOffline(page, s.mapPath);
      const box = (await page.locator("#map-canvas").boundingBox())!;
      /** Where `lonLat` is on the page: metres of EPSG:3857 from the centre, at zoom 13's resolution. */
      const at = (lonLat: number[]) => {
        const [x, y] = fromLonLat(lonLat);
        const [cx, cy] = fromLonLat(centre);
        const resolution = WORLD_METRES / 256 / 2 ** 13;
        return { x: box.x + box.width / 2 + (x! - cx!) / resolution, y: box.y + box.height / 2 - (y! - cy!) / resolution };
      };
      /** The colour drawn at a page point, from whichever of the map's canvases has something there. */
      const colourAt = ({ x, y }: { x: number; y: number }) =>
        page.evaluate(
          ([x, y]) => {
            for (const canvas of [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].reverse()) {
              const context = canvas.width ? canvas.getContext("2d") : null;
              if (!context) continue;
              const rect = canvas.getBoundingClientRect();
              const ratio = canvas.width / rect.width;
              const [r, g, b, a] = context.getImageData(Math.round((x! - rect.x) * ratio), Math.round((y! - rect.y) * ratio), 1, 1).data;
              if (a! > 0) return [r!, g!, b!];
            }
            return [0, 0, 0];
          },
          [x, y],
        );
      const well = at(points[2]!);
      // The lone well in its style's green, the pair as a cluster of the theme's blue.
      for (let waited = 0; ; waited += 200) {
        const [r, g, b] = await colourAt(well);
        if (r === 0x00 && g === 0xc8 && b === 0x53) break;
        if (waited > 15_000) throw new Error(`the lone well is not drawn green: ${[r, g, b]}`);
        await page.waitForTimeout(200);
      }
      // 8 px left of the cluster's count, inside its disc.
      const pairAt = at(points[0]!);
      await expect(colourAt({ x: pairAt.x - 8, y: pairAt.y })).resolves.toEqual([0x39, 0x49, 0xab]);

      await page.mouse.click(well.x, well.y);
      await page.locator("#map-selected h3", { hasText: "Колодец" }).waitFor();
      await expect(page.locator("#map-selected").textContent()).resolves.toContain("Колодцы · Колодец");
      const seen = new Set<string>();
      for (let i = 0; i < 10 && seen.size < 2; i++) {
        const [r, , b] = await colourAt(well);
        seen.add(r! > b! ? "red" : b! > r! ? "blue" : "other");
        await page.waitForTimeout(250);
      }
      expect([...seen].sort()).toEqual(["blue", "red"]);

      const pair = at(points[0]!);
      await page.mouse.click(pair.x, pair.y);
      const menu = page.getByRole("menu", { name: "Objects here" });
      await menu.waitFor();
      await expect(menu.getByRole("menuitem").allTextContents()).resolves.toEqual(["КолодцыКолодец", "КолодцыКолодец"]);
      // The keyboard: the first item has focus; ArrowDown and Enter choose the second.
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(menu.count()).resolves.toBe(0);
      await page.locator("#map-selected h3", { hasText: "Колодец" }).waitFor();

      // The search tab: Enter finds the wells by name; a result opens on the map, selected; clear empties the list.
      await page.getByRole("tab", { name: "Search" }).click();
      await page.getByLabel("Find objects, places or coordinates").fill("нет такого");
      await page.keyboard.press("Enter");
      await page.getByText("Nothing found").waitFor();
      // Lower case finds the capitalised Cyrillic names: the search folds case in every script.
      await page.getByLabel("Find objects, places or coordinates").fill("колод");
      await page.keyboard.press("Enter");
      const results = page.getByRole("list", { name: "Objects found" }).getByRole("button");
      await results.nth(2).waitFor();
      await expect(results.count()).resolves.toBe(3);
      await page.locator("#map-selected").getByRole("button", { name: "Close" }).click();
      await expect(page.locator("#map-selected").count()).resolves.toBe(0);
      await results.last().click();
      await page.locator("#map-selected h3", { hasText: "Колодец" }).waitFor();
      await page.getByRole("button", { name: "Clear the search" }).click();
      await expect(results.count()).resolves.toBe(0);

      // A link to the lone well opens the map centred on it at zoom 12, selected; one to an object of no layer here says so.
      await page.goto(`${plexus.url}${s.mapPath}?layerPoiId=${objectIds[2]}`);
      await page.locator("#map-selected h3", { hasText: "Колодец" }).waitFor();
      const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      for (let waited = 0; ; waited += 200) {
        const [r, g, b] = await colourAt(middle);
        if (r! > 150 && g! < 120 && b! < 120) break;
        if (waited > 15_000) throw new Error(`the linked well is not highlighted in the middle: ${[r, g, b]}`);
        await page.waitForTimeout(200);
      }
      const bare = await apiCall<{ id: number }>(plexus.url, s.moderatorCookie, "POST", "/map/save", { name: "Без слоёв", project: { id: s.projectId } });
      await page.goto(`${plexus.url}/project/${s.projectId}/map/${bare.id}?layerPoiId=${objectIds[2]}`);
      await page.locator("#snackbar").getByText("No maps found with the selected object").waitFor();
    },
    TIMEOUT,
  );

  test(
    "a line and a polygon are measured on the sphere: km with 2 decimals, km² for large areas",
    async () => {
      const s = await scene("Measure");
      const { page } = await suite.pageAs(s.readerCookie);
      await openOffline(page, s.mapPath);
      await basemapDrawn(page);

      await page.getByRole("button", { name: "Measure a distance" }).click();
      await expect(page.locator("#map-measure").textContent()).resolves.toContain("Enter finishes");
      const line = await drawAt(page, [[-150, -120], [150, -120]]);
      const lineText = (await page.locator("#map-measure").textContent())!;
      expect(lineText).toMatch(/^Distance: [\d,]+\.\d\d km$/);
      // Within 1% (a click half a pixel off is 0.3%); planar EPSG:3857 reads about twice as much at 60° N.
      const metres = getLength(new LineString(line));
      expect(Math.abs(figure(lineText) * 1000 - metres) / metres).toBeLessThan(0.01);
      expect(new LineString(line).getLength() / metres).toBeGreaterThan(1.8);

      await page.getByRole("button", { name: "Measure an area" }).click();
      const ring = await drawAt(page, [[-120, -140], [120, -140], [120, -60], [-120, -60]]);
      const areaText = (await page.locator("#map-measure").textContent())!;
      expect(areaText).toMatch(/^Area: [\d,]+\.\d\d km²$/);
      const squareMetres = getArea(new Polygon([[...ring, ring[0]!]]));
      expect(Math.abs(figure(areaText) * 1e6 - squareMetres) / squareMetres).toBeLessThan(0.01);
      expect(new Polygon([[...ring, ring[0]!]]).getArea() / squareMetres).toBeGreaterThan(2);
    },
    TIMEOUT,
  );

  test(
    "Export PNG saves 'Export_(date).png', a real image of the map with land and sea on it",
    async () => {
      const s = await scene("Export");
      const { page } = await suite.pageAs(s.readerCookie);
      await openOffline(page, s.mapPath);
      const box = await basemapDrawn(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export PNG" }).click()]);
      expect(download.suggestedFilename()).toBe(`Export_${new Date().toISOString().slice(0, 10)}.png`);
      const bytes = await Bun.file((await download.path())!).bytes();
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([Math.round(box.width), Math.round(box.height)]);
      // Decoded by the browser: both the sea (#d6e6f2) and the land (#eceff1) cover a fair part of the image.
      const counted = await countColours(page, Buffer.from(bytes).toString("base64"), { sea: [[0xd6, 0xe6, 0xf2], [0xd6, 0xe6, 0xf2]], land: [[0xec, 0xef, 0xf1], [0xec, 0xef, 0xf1]] });
      const shares = { sea: counted.sea / counted.total, land: counted.land / counted.total };
      expect(shares.sea).toBeGreaterThan(0.2);
      expect(shares.land).toBeGreaterThan(0.05);
    },
    TIMEOUT,
  );

  test(
    "the WebGL toggle draws the basemap through WebGL, loaded only then, and back on canvas",
    async () => {
      const s = await scene("WebGL");
      const { page } = await suite.pageAs(s.readerCookie);
      await openOffline(page, s.mapPath);
      await basemapDrawn(page);
      const scriptsLoaded = () => page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
      expect((await scriptsLoaded()).some((url) => url.includes("/WebGLVector."))).toBe(false);
      const toggle = page.getByRole("button", { name: "WebGL mode" });
      await toggle.click();
      await page.locator("#snackbar").getByText("WebGL mode on").waitFor();
      await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
      expect((await scriptsLoaded()).some((url) => url.includes("/WebGLVector."))).toBe(true);
      // A canvas of the map now holds a WebGL context (a 2D one cannot be had from it).
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].some((canvas) => canvas.getContext("2d") === null));
      await toggle.click();
      await page.locator("#snackbar").getByText("WebGL mode off").waitFor();
      await basemapDrawn(page);
    },
    TIMEOUT,
  );

  test(
    "my location centres the map on the reader's position once, with a marker that pulses every 800 ms",
    async () => {
      const s = await scene("Location");
      const { page } = await suite.pageAs(s.readerCookie, { permissions: ["geolocation"], geolocation: { latitude: 55.75, longitude: 37.62 } });
      await openOffline(page, s.mapPath);
      await basemapDrawn(page);
      await page.getByRole("button", { name: "My location" }).click();
      // Whether the marker's blue is drawn `dx` CSS px right of the map's centre, on any of its canvases.
      const blueAt = (dx: number) =>
        page.evaluate(
          (dx) =>
            [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].some((canvas) => {
            const context = canvas.width ? canvas.getContext("2d") : null;
            if (!context) return false;
            const ratio = canvas.width / canvas.getBoundingClientRect().width;
            const [r, g, b, a] = context.getImageData(Math.round(canvas.width / 2 + dx * ratio), Math.round(canvas.height / 2), 1, 1).data;
            return a! > 200 && r! < 120 && g! < 120 && b! > 140;
          }),
          dx,
        );
      for (let waited = 0; !(await blueAt(0)); waited += 100) {
        if (waited > 10_000) throw new Error("the map was not centred on the marker");
        await page.waitForTimeout(100);
      }
      // 7 px out is the marker's fill in the large beat and its white ring in the small one.
      const beats = new Set<boolean>();
      for (let i = 0; i < 6; i++) {
        beats.add(await blueAt(7));
        await page.waitForTimeout(300);
      }
      expect([...beats].sort()).toEqual([false, true]);
    },
    TIMEOUT,
  );

  test(
    "a plain member sees no add object control; the project's moderator does, and is told there is no layer to add to",
    async () => {
      const s = await scene("Roles");
      const reader = (await suite.pageAs(s.readerCookie)).page;
      await openOffline(reader, s.mapPath);
      await reader.getByRole("button", { name: "Measure a distance" }).waitFor();
      await expect(reader.getByRole("button", { name: "Add object" }).count()).resolves.toBe(0);
      const moderator = (await suite.pageAs(s.moderatorCookie)).page;
      await openOffline(moderator, s.mapPath);
      await moderator.getByRole("button", { name: "Add object" }).click();
      await moderator.locator("#snackbar").getByText("No layers available").waitFor();
    },
    TIMEOUT,
  );

  test(
    `the map page ships at most ${JS_BUDGET_GZIP / 1024} KB of JavaScript gzipped with OpenLayers; the map list ships none of OpenLayers`,
    async () => {
      const s = await scene("Budget");
      const { page } = await suite.pageAs(s.readerCookie);
      await openOffline(page, s.mapPath);
      await basemapDrawn(page);
      const initial = await initialScripts(suite.plexus.url, s.mapPath, s.readerCookie);
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\.m?js(\?|$)/.test(name)));
      const onDemand = await scriptsFrom(suite.plexus.url, loaded.filter((url) => !initial.modules.has(url)));
      const added = [...onDemand.modules].filter(([url]) => !initial.modules.has(url) && !SHARED_RUNTIME.test(url));
      const extra = added.reduce((sum, [, m]) => sum + m.gzipped, 0);
      const total = initial.gzipped + extra;
      console.log(`map page: ${(initial.gzipped / 1024).toFixed(1)} KB at load + ${(extra / 1024).toFixed(1)} KB on demand = ${(total / 1024).toFixed(1)} KB gzipped`);
      // OpenLayers' Map puts its viewport class in its code: it arrives with the map's viewer, never with a page.
      const hasOl = (modules: Iterable<[string, { text: string }]>) => [...modules].some(([, m]) => m.text.includes("ol-viewport"));
      expect(hasOl(added)).toBe(true);
      expect(hasOl(initial.modules)).toBe(false);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP);
      const list = await initialScripts(suite.plexus.url, `/project/${s.projectId}/map`, s.readerCookie);
      expect(hasOl(list.modules)).toBe(false);
    },
    TIMEOUT,
  );

  test(
    "at 360 px the map fills the width and keeps my location and zoom, without add, measure, export and render mode",
    async () => {
      const s = await scene("Narrow");
      const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 360, height: 740 } });
      await openOffline(page, s.mapPath);
      const box = await basemapDrawn(page);
      expect(box.width).toBeGreaterThan(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      for (const name of ["My location", "Zoom in", "Zoom out"]) await expect(page.getByRole("button", { name }).isVisible()).resolves.toBe(true);
      for (const name of ["Add object", "Measure a distance", "Measure an area", "Export PNG", "WebGL mode"]) {
        await expect(page.getByRole("button", { name }).isVisible()).resolves.toBe(false);
      }
    },
    TIMEOUT,
  );
});
