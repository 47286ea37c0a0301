import { describe, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { scriptsFrom } from "../src/testing/script-size";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// Tasks at map points and maps in other screens (issue 23) in Debian's chromium against the built server: a member
// makes a task from the map's menu (by keyboard, at 360 px) and another browser on the same map sees it on the
// issue layer at once; a task's detail shows its place on a small map and full screen, and a task without a place
// loads no OpenLayers; the MAP widget on the dashboard and split screen's MAP and LAYER show maps in widget mode.

const TIMEOUT = 60_000;
const suite = browserSuite();
/** The OPEN status's colour on the issue layer. */
const OPEN: [number, number, number] = [0x8e, 0x24, 0xaa];

async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const map = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { name: "Yard", project: { id: s.projectId } });
  return { ...s, mapId: map.id, mapPath: `/project/${s.projectId}/map/${map.id}` };
}

/**
 * Waits until a marker of `colour` is drawn just above the middle of the map `canvasId` (a marker stands on its
 * point), where a map looking at its task, or two maps of one size looking alike, draw it.
 */
async function markerAtCentre(page: Page, canvasId: string, colour: [number, number, number]) {
  await page.waitForFunction(
    ([id, [r, g, b]]) => {
      const element = document.getElementById(id);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      for (const canvas of element.querySelectorAll("canvas")) {
        const context = canvas.width ? canvas.getContext("2d", { willReadFrequently: true }) : null;
        if (!context) continue;
        const rect = canvas.getBoundingClientRect();
        const scale = canvas.width / rect.width;
        const pixels = context.getImageData(Math.round((x - rect.left - 12) * scale), Math.round((y - rect.top - 26) * scale), Math.round(24 * scale), Math.round(28 * scale)).data;
        for (let i = 0; i < pixels.length; i += 4) {
          if (Math.abs(pixels[i]! - r) < 30 && Math.abs(pixels[i + 1]! - g) < 30 && Math.abs(pixels[i + 2]! - b) < 30) return true;
        }
      }
      return false;
    },
    [canvasId, colour] as const,
  );
}

describe("tasks at map points", () => {
  test(
    "a member makes a task from the map's menu by keyboard at 360 px; a second browser on the map sees it on the issue layer at once and opens it",
    async () => {
      const s = await scene("Pins");
      const watcher = (await suite.pageAs(s.moderatorCookie)).page;
      await watcher.goto(`${suite.plexus.url}${s.mapPath}`);
      await watcher.locator("#map-canvas canvas").first().waitFor();

      const { page } = await suite.pageAs(s.readerCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await page.locator("#map-canvas canvas").first().waitFor();
      await page.locator("#map-canvas").focus();
      await page.keyboard.press("Shift+F10");
      await page.getByRole("menuitem", { name: "Create task" }).waitFor();
      // A member who is no editor has this one item, focused as the menu opens.
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Create task");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New task" });
      await dialog.getByLabel("Name").fill("Pothole at the gate");
      await expect(dialog.locator("#tc-place").textContent()).resolves.toMatch(/^At -?\d+\.\d{5}, -?\d+\.\d{5}/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await dialog.getByRole("button", { name: "New task" }).click();
      await page.locator("#snackbar").getByText("Task created").waitFor();

      const [task] = await apiCall<{ id: number; name: string; coordinates: string }[]>(suite.plexus.url, s.moderatorCookie, "GET", `/issue/get-issues-by-map?mapId=${s.mapId}`);
      expect(task!.name).toBe("Pothole at the gate");
      const [lon, lat] = JSON.parse(task!.coordinates).coordinates;
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      // The watcher never reloaded: the map's topic told it. The maker's own map shows it too.
      await markerAtCentre(page, "map-canvas", OPEN);
      await markerAtCentre(watcher, "map-canvas", OPEN);
      const box = (await watcher.locator("#map-canvas").boundingBox())!;
      await watcher.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - 6);
      const card = watcher.locator("#map-task");
      await card.getByRole("heading", { name: "Pothole at the gate" }).waitFor();
      await expect(card.getByRole("link", { name: "Open the task" }).getAttribute("href")).resolves.toBe(`/project/${s.projectId}/issue/${task!.id}`);
    },
    TIMEOUT,
  );

  test(
    "a task's detail shows its place on a small map and full screen; a task without a place loads no OpenLayers",
    async () => {
      const s = await scene("Place");
      const save = (body: object) => apiCall<{ id: number }>(suite.plexus.url, s.readerCookie, "POST", "/issue/save", { project: { id: s.projectId }, ...body });
      const placed = await save({ name: "Broken lamp", map: { id: s.mapId }, coordinates: { type: "Point", coordinates: [37.6173, 55.7558] } });
      const plain = await save({ name: "Order paint" });
      const { page } = await suite.pageAs(s.readerCookie);

      await page.goto(`${suite.plexus.url}/project/${s.projectId}/issue/${plain.id}`);
      await page.locator("#td").getByText("Order paint").first().waitFor();
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\.m?js(\?|$)/.test(name)));
      const scripts = await scriptsFrom(suite.plexus.url, loaded);
      expect([...scripts.modules.values()].some((m) => m.text.includes("ol-viewport"))).toBe(false);

      await page.goto(`${suite.plexus.url}/project/${s.projectId}/issue/${placed.id}`);
      await page.locator("#td-place").getByRole("heading", { name: "Yard" }).waitFor();
      await markerAtCentre(page, "td-place-map", OPEN);
      await page.getByRole("button", { name: "Show the map full screen" }).click();
      const dialog = page.getByRole("dialog", { name: "Yard" });
      await markerAtCentre(page, "map-dialog-canvas", OPEN);
      const [box, viewport] = [(await dialog.boundingBox())!, page.viewportSize()!];
      expect(box.width).toBeGreaterThan(viewport.width - 40);
      const { violations } = await new AxeBuilder({ page }).include(".map-dialog").include("#td-place").analyze();
      expect(violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => v.id)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    },
    TIMEOUT,
  );

  test(
    "the MAP widget on the dashboard shows the map with zoom and my location, without add, measure, export and render mode, within the map page's script budget",
    async () => {
      const s = await scene("Board");
      await apiCall(suite.plexus.url, s.moderatorCookie, "POST", "/widget/save", { type: "MAP", abstractData: { id: s.mapId }, project: { id: s.projectId }, layout: { x: 0, y: 0, w: 12, h: 7 } });
      const { page } = await suite.pageAs(s.moderatorCookie);
      const requested = new Set<string>();
      page.on("request", (request) => request.resourceType() === "script" && requested.add(request.url()));
      await page.goto(`${suite.plexus.url}/project/${s.projectId}/dashboard`);
      const widget = page.locator(".widget__host").filter({ has: page.locator(".map__canvas") });
      await widget.locator(".map__canvas canvas").first().waitFor();
      // OpenLayers comes with the widget: the dashboard then weighs what the map page may (250 KB), React counted apart.
      const { gzipped } = await scriptsFrom(suite.plexus.url, [...requested]);
      console.log(`dashboard with a MAP widget: ${(gzipped / 1024).toFixed(1)} KB of JavaScript gzipped`);
      expect(gzipped).toBeLessThanOrEqual(250 * 1024);
      const canvas = (await widget.locator(".map__canvas").boundingBox())!;
      expect(canvas.height).toBeGreaterThan(150);
      for (const name of ["Zoom in", "Zoom out", "My location"]) await expect(widget.getByRole("button", { name }).isVisible()).resolves.toBe(true);
      for (const name of ["Add object", "Measure a distance", "Measure an area", "Export PNG", "WebGL mode"]) await expect(widget.getByRole("button", { name }).count()).resolves.toBe(0);
    },
    TIMEOUT,
  );

  test(
    "split screen shows a MAP and a LAYER each as a map in widget mode, side by side",
    async () => {
      const s = await scene("Split");
      const layer = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", { name: "Wells", type: "LAYER_POI", project: { id: s.projectId } });
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${s.mapId}&secondDataId=${layer.id}`);
      await page.locator(`#layer-map-${layer.id} canvas`).first().waitFor();
      const maps = page.locator(".map__canvas");
      await maps.nth(1).locator("canvas").first().waitFor();
      const [left, right] = [(await maps.nth(0).boundingBox())!, (await maps.nth(1).boundingBox())!];
      expect(Math.min(left.width, right.width)).toBeGreaterThan(300);
      expect(left.x + left.width).toBeLessThanOrEqual(right.x + 1);
      await expect(page.getByRole("button", { name: "Zoom in" }).count()).resolves.toBe(2);
      await expect(page.getByRole("button", { name: "Measure a distance" }).count()).resolves.toBe(0);
    },
    TIMEOUT,
  );
});
