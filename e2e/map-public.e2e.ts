import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Frame, Page } from "playwright-core";
import { factories } from "../src/testing/factories";
import type { TestApp } from "../src/testing/harness";
import { initialScripts, SHARED_RUNTIME, scriptsFrom } from "../src/testing/script-size";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// The public map frame in Debian's chromium, signed out: the published layer's objects drawn and found, its
// fields and nothing else; no private route answers from the frame's page; the frame embedded by a page of another
// origin with the share dialog's code, wheel zoom off there and on at home; at 360 px only the search button.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 250 * 1024;
const SECRET = "555-0199 owner's phone";
const suite = browserSuite();

/** A page of another origin (127.0.0.1, not localhost) that embeds whatever HTML it is given. */
let hostHtml = "";
let hostServer: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  hostServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response(`<!doctype html><title>Host</title><h1>A site</h1>${hostHtml}`, { headers: { "content-type": "text/html" } }) });
});
afterAll(() => hostServer.stop(true));

/** A public map of two points layers, Wells switched on (one object at its centre) and Hidden switched off. */
async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const call = <T = any>(path: string, body?: unknown) => apiCall<T>(suite.plexus.url, s.adminCookie, "POST", path, body);
  const open = factories({ db: suite.plexus.db } as TestApp).category(s.projectId, { name: "Open data", isPublic: true });
  const wells = await call("/layer/save", { project: { id: s.projectId }, name: "Wells", type: "LAYER_POI" });
  const hidden = await call("/layer/save", { project: { id: s.projectId }, name: "Hidden", type: "LAYER_POI" });
  const template = await call("/layer-poi-template", {
    name: "Well",
    graphType: "POINT",
    fields: [
      { name: "Title", type: "STRING", partOfName: true, required: true, showOnMap: true },
      { name: "Phone", type: "STRING", showOnMap: false },
    ],
  });
  const [title, phone] = template.fields.map((field: { id: number }) => field.id);
  const objects = [];
  for (const [layer, name, lon] of [[wells, "North well", 37], [hidden, "Hidden well", 37.05]] as const) {
    await call(`/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
    const properties = [{ field: { id: title }, value: name }, { field: { id: phone }, value: SECRET }];
    objects.push(await call("/layer-poi/save", { layer: { id: layer.id }, template: { id: template.id }, geometry: JSON.stringify({ type: "Point", coordinates: [lon, 55] }), properties }));
  }
  const map = await call("/map/save", {
    project: { id: s.projectId },
    name: "Wells of the district",
    description: "Drinking water wells",
    categoryList: [{ id: open.id }],
    position: JSON.stringify({ center: [37, 55], zoom: 12, extent: [30, 50, 45, 60] }),
    layerConfigList: [
      { layer: { id: wells.id }, visible: true, indexNumber: 0 },
      { layer: { id: hidden.id }, visible: false, indexNumber: 1 },
    ],
  });
  return { ...s, map, wells, hidden, objects, path: `${suite.plexus.url}/public-data/${map.id}` };
}

/**
 * Opens `url` in `page` and resolves, with the answer, once OpenLayers has made the map in `where` (the page or a
 * frame of it) and the objects of `layerId` have come; the answer is awaited from before the navigation.
 */
async function openMap(page: Page, url: string, mapId: number, layerId: number, where: () => Page | Frame = () => page) {
  const objects = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/public/map/${mapId}/layer/${layerId}/objects` && r.status() === 200);
  await page.goto(url);
  const answer = await (await objects).json();
  await where().locator(".ol-viewport").waitFor();
  return answer;
}

/** What axe finds critical or serious inside `selector`. */
async function axeProblems(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** Whether a wheel over the map in `where` is taken by the map (OpenLayers' wheel zoom cancels the event). */
const wheelTaken = (where: Page | Frame) =>
  where.evaluate(() => !document.querySelector(".ol-viewport")!.dispatchEvent(new WheelEvent("wheel", { deltaY: -120, bubbles: true, cancelable: true, clientX: 200, clientY: 200 })));

describe("the public map frame", () => {
  test(
    "signed out: the published layer's object with its shown fields only, found by search; no private route answers from the page",
    async () => {
      const s = await scene("Public wells");
      const { page } = await suite.pageAs();
      const api: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) api.push(url.pathname);
      });
      const answer = await openMap(page, s.path, s.map.id, s.wells.id);
      await page.getByRole("heading", { level: 1, name: "Wells of the district" }).waitFor();
      expect(answer.features.map((feature: { properties: { name: string } }) => feature.properties.name)).toEqual(["North well"]);

      // The object sits at the map's centre: a click there opens its card with the field shown on the map.
      const box = (await page.locator(".map__canvas").boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const card = page.getByRole("region", { name: "Selected object" });
      await card.getByRole("heading", { name: "North well" }).waitFor();
      expect(await card.textContent()).toContain("TitleNorth well");

      // Info only with a description; the layer panel hides.
      await page.getByRole("button", { name: "Information" }).click();
      await page.getByText("Drinking water wells").waitFor();
      await page.getByRole("button", { name: "Show or hide the layers" }).click();
      await page.getByRole("navigation", { name: "Layers" }).waitFor({ state: "hidden" });

      await page.getByRole("button", { name: "Search objects" }).click();
      await page.getByRole("searchbox", { name: "Find objects by name" }).fill("well");
      await page.keyboard.press("Enter");
      const hits = page.getByRole("list", { name: "Objects found" });
      await hits.waitFor();
      expect(await hits.getByRole("button").allTextContents()).toEqual(["North well"]);
      expect(await axeProblems(page, ".pmap")).toEqual([]);

      // Whatever the page asked for was the frame's own public routes (and nothing private is in the page).
      expect(api.every((path) => path.startsWith(`/api/public/map/${s.map.id}`))).toBe(true);
      expect(await page.content()).not.toContain(SECRET);
      const [shown, hidden] = s.objects.map((object: { id: number }) => object.id);
      const statuses = await page.evaluate(
        (paths) => Promise.all(paths.map((path) => fetch(path, { headers: { "x-requested-with": "plexus" } }).then((r) => r.status))),
        [
          `/api/map/get?id=${s.map.id}`,
          `/api/data/get?id=${s.map.id}`,
          `/api/layer-poi/find-by-id?id=${shown}`,
          `/api/layer-poi/get-metadata?lpId=${shown}`,
          `/api/layer-poi/changelog/get?lpId=${shown}`,
          `/api/layer-poi/min-geo-json?layerId=${s.hidden.id}`,
          `/api/layer-poi/find-by-id?id=${hidden}`,
          `/api/project/get-users-by-project?id=${s.projectId}`,
          `/api/public/map/${s.map.id}/layer/${s.hidden.id}/objects`,
          `/api/public/map/${s.map.id}/search?name=Hidden`,
        ],
      );
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 404, 200]);
      expect(await page.evaluate((path) => fetch(path).then((r) => r.json()), `/api/public/map/${s.map.id}/search?name=Hidden`)).toEqual({ content: [] });

      // Light on the wire: OpenLayers comes after the page has hydrated, never with it.
      const initial = await initialScripts(suite.plexus.url, s.path);
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\.m?js(\?|$)/.test(name)));
      const onDemand = await scriptsFrom(suite.plexus.url, loaded.filter((url) => !initial.modules.has(url)));
      const extra = [...onDemand.modules].filter(([url]) => !initial.modules.has(url) && !SHARED_RUNTIME.test(url)).reduce((sum, [, m]) => sum + m.gzipped, 0);
      console.log(`public map frame: ${(initial.gzipped / 1024).toFixed(1)} KB at load + ${(extra / 1024).toFixed(1)} KB on demand = ${((initial.gzipped + extra) / 1024).toFixed(1)} KB gzipped`);
      expect([...initial.modules].some(([, m]) => m.text.includes("ol-viewport"))).toBe(false);
      expect(initial.gzipped + extra).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    },
    TIMEOUT,
  );

  test(
    "the share dialog's code embeds the frame in a page of another origin, with wheel zoom off there and on at home",
    async () => {
      const s = await scene("Embedded wells");
      const { page } = await suite.pageAs();
      await openMap(page, s.path, s.map.id, s.wells.id);
      expect(await wheelTaken(page)).toBe(true);
      await page.getByRole("button", { name: "Share" }).click();
      const dialog = page.getByRole("dialog", { name: "Share the map" });
      expect(await dialog.getByRole("checkbox", { name: "Zoom with the mouse wheel" }).isChecked()).toBe(false);
      await dialog.getByRole("checkbox", { name: "Show the search" }).uncheck();
      await dialog.getByRole("spinbutton", { name: "Width, px" }).fill("640");
      hostHtml = await dialog.getByRole("textbox", { name: "Code to paste into a page" }).inputValue();
      expect(await axeProblems(page, ".pmap-share")).toEqual([]);
      expect(hostHtml).toBe(
        `<iframe src="${suite.plexus.url}/public-data/${s.map.id}?wheel=0&amp;search=0&amp;fullscreen=1" width="640" height="600" title="Wells of the district" style="border:0" loading="lazy" allowfullscreen></iframe>`,
      );

      const host = await suite.pageAs();
      const inner = () => host.page.frames().find((one) => one.url().includes("/public-data/"))!;
      await openMap(host.page, `http://127.0.0.1:${hostServer.port}/`, s.map.id, s.wells.id, inner);
      const frame = host.page.frameLocator("iframe");
      await frame.getByRole("heading", { level: 1, name: "Wells of the district" }).waitFor();
      expect(await wheelTaken(inner())).toBe(false);
      await frame.getByRole("button", { name: "Full screen" }).waitFor();
      expect(await frame.getByRole("button", { name: "Search objects" }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "at 360 px only the search button shows; the keyboard alone finds an object and opens its card",
    async () => {
      const s = await scene("Narrow wells");
      const { page } = await suite.pageAs(undefined, { viewport: { width: 360, height: 740 } });
      await openMap(page, s.path, s.map.id, s.wells.id);
      for (const name of ["Share", "Information", "Show or hide the layers"]) expect([name, await page.getByRole("button", { name }).isVisible()]).toEqual([name, false]);
      expect(await page.getByRole("navigation", { name: "Layers" }).isVisible()).toBe(false);
      const search = page.getByRole("button", { name: "Search objects" });
      await search.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("searchbox", { name: "Find objects by name" }).waitFor();
      await page.keyboard.type("north");
      await page.keyboard.press("Enter");
      const hit = page.getByRole("list", { name: "Objects found" }).getByRole("button", { name: "North well" });
      await hit.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("region", { name: "Selected object" }).getByRole("heading", { name: "North well" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    TIMEOUT,
  );
});
