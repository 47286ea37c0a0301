import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { poiObjects } from "../db/schema";
import { countColours } from "./pixels";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// The map with thousands of objects in Debian's chromium: through WebGL every point is drawn on its own in the style
// the server's rules gave it (LIKE included), and a click on a server cluster zooms into the box of its objects.

const TIMEOUT = 60_000;
const suite = browserSuite();

const GREEN = "#00C853FF";
const RED = "#D50000FF";

/**
 * A map centred on [lon, lat] at `zoom` over a points layer whose template draws kinds holding "oak" green (a LIKE
 * rule) and the rest red; `points` are written straight into the database, as an import would.
 */
async function scene(name: string, center: [number, number], zoom: number, points: { at: [number, number]; kind: string }[]) {
  const { plexus } = suite;
  const s = await projectWithModerator(plexus, name);
  const green = await apiCall<{ id: number }>(plexus.url, s.adminCookie, "POST", "/layer-poi-style", { name: `${name} green`, fill: GREEN, stroke: GREEN, strokeWidth: 1 });
  const red = await apiCall<{ id: number }>(plexus.url, s.adminCookie, "POST", "/layer-poi-style", { name: `${name} red`, fill: RED, stroke: RED, strokeWidth: 1 });
  const template = await apiCall<{ id: number; fields: { id: number }[] }>(plexus.url, s.adminCookie, "POST", "/layer-poi-template", {
    name: `${name} tree`,
    graphType: "POINT",
    defaultLayerPoiStyle: { id: red.id },
    fields: [{ name: "Kind", type: "STRING", partOfName: true }],
    rules: [{ field: { name: "Kind" }, predicate: "LIKE", thresholdValue: "oak", layerPoiStyle: { id: green.id } }],
  });
  const layer = await apiCall<{ id: number }>(plexus.url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name, type: "LAYER_POI" });
  await apiCall(plexus.url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
  const kind = template.fields[0]!.id;
  const rows = points.map(({ at: [lon, lat], kind: value }, i) => ({
        layerId: layer.id,
        templateId: template.id,
        name: `${value} ${i}`,
        geometry: JSON.stringify({ type: "Point", coordinates: [lon, lat] }),
        properties: JSON.stringify({ [kind]: value }),
        minLon: lon,
        minLat: lat,
        maxLon: lon,
    maxLat: lat,
  }));
  // In parts: one statement may bind at most 32,766 values.
  for (let i = 0; i < rows.length; i += 1000) plexus.db.insert(poiObjects).values(rows.slice(i, i + 1000)).run();
  const map = await apiCall<{ id: number }>(plexus.url, s.moderatorCookie, "POST", "/map/save", {
    project: { id: s.projectId },
    name,
    position: JSON.stringify({ center, zoom, extent: [-528, -90, 551, 90] }),
    layerConfigList: [{ layer: { id: layer.id }, visible: true }],
  });
  return { ...s, path: `/project/${s.projectId}/map/${map.id}` };
}

/** A grid of `n` points over `width` x `height` degrees from [west, south], every other one an oak. */
const grid = (n: number, [west, south]: [number, number], width: number, height: number) => {
  const side = Math.ceil(Math.sqrt(n * (width / height)));
  return Array.from({ length: n }, (_, i) => ({ at: [west + ((i % side) / side) * width, south + (Math.floor(i / side) / Math.ceil(n / side)) * height] as [number, number], kind: i % 2 ? "Red oak" : "Pine" }));
};

/** How many pixels of the map, as the screen shows it (WebGL canvases too), are the green and the red of the styles. */
async function styleColours(page: Page) {
  const shot = await page.locator("#map-canvas").screenshot({ animations: "disabled", caret: "initial", scale: "css" });
  return countColours(page, shot.toString("base64"), { green: [[0, 170, 50], [40, 255, 120]], red: [[180, 0, 0], [255, 40, 40]] });
}

/** Waits until `check` holds of the colours drawn, and returns them. */
async function colours(page: Page, check: (seen: { green: number; red: number }) => boolean) {
  for (let waited = 0; ; waited += 300) {
    const seen = await styleColours(page);
    if (check(seen)) return seen;
    if (waited > 20_000) throw new Error(`the map never showed the colours expected: ${JSON.stringify(seen)}`);
    await page.waitForTimeout(300);
  }
}

test(
  "through WebGL each of 2,000 points is drawn alone in the style its rule gave it on the server (LIKE too); on canvas they cluster",
  async () => {
    const s = await scene("Oaks", [10.5, 50.25], 10, grid(2000, [10, 50], 1, 0.5));
    const { page } = await suite.pageAs(s.readerCookie);
    await page.goto(`${suite.plexus.url}${s.path}`);
    // On canvas the points cluster within 200 px: blue discs with counts, hardly any object in its own colour.
    const canvas = await colours(page, () => true);
    const toggle = page.getByRole("button", { name: "WebGL mode" });
    await toggle.click();
    await page.locator("#snackbar").getByText("WebGL mode on").waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].some((c) => c.getContext("2d") === null));
    const webgl = await colours(page, ({ green, red }) => green > 5000 && red > 5000);
    expect(webgl.green).toBeGreaterThan(canvas.green * 10);
    expect(webgl.red).toBeGreaterThan(canvas.red * 10);
    await toggle.click();
    await page.locator("#snackbar").getByText("WebGL mode off").waitFor();
    await colours(page, ({ green }) => green < webgl.green / 10);
  },
  TIMEOUT,
);

test(
  "past 5,000 objects in the view the server sends clusters; a click on one zooms into the box of its objects",
  async () => {
    const s = await scene("Crowd", [20.05, 40.05], 6, grid(5200, [20, 40], 0.1, 0.1));
    const { page } = await suite.pageAs(s.readerCookie);
    const asked: { clustered: boolean; width: number }[] = [];
    page.on("response", (response) => {
      if (!response.url().includes("/min-geo-json")) return;
      const [west, , east] = new URL(response.url()).searchParams.get("bbox")!.split(",").map(Number);
      // The page may be gone before an answer is read, at the test's end.
      response.json().then(
        (body: { clustered: boolean }) => asked.push({ clustered: body.clustered, width: east! - west! }),
        () => undefined,
      );
    });
    await page.goto(`${suite.plexus.url}${s.path}`);
    await page.waitForFunction(() => document.querySelectorAll("#map-canvas canvas").length > 0);
    for (let waited = 0; !asked.some((answer) => answer.clustered); waited += 200) {
      if (waited > 15_000) throw new Error("no clustered answer came");
      await page.waitForTimeout(200);
    }
    const before = asked.length;
    expect(asked[0]!.width).toBeGreaterThan(10);
    // The crowd is one cluster in the middle of the map.
    const box = (await page.locator("#map-canvas").boundingBox())!;
    await page.waitForTimeout(500);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const first = asked[0]!.width;
    for (let waited = 0; !asked.slice(before).some((answer) => answer.width < first / 4); waited += 200) {
      if (waited > 15_000) throw new Error(`the map did not zoom in: ${JSON.stringify(asked.slice(-5))}`);
      await page.waitForTimeout(200);
    }
    // A clustered view is asked for once: the redraw its answer causes must not ask again (it looped, 27 times a second).
    await page.waitForTimeout(1500);
    const settled = asked.length;
    await page.waitForTimeout(1500);
    expect(asked.length).toBe(settled);
  },
  TIMEOUT,
);
