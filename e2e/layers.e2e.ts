import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { settings } from "../db/schema";
import { initialScripts, scriptsFrom } from "../src/testing/script-size";
import { apiCall, browserSuite, islandsHydrated, projectWithModerator } from "./setup";

// Layers in Debian's chromium against the built server: the map and layer creators of the lists (an XYZ address on a
// server nobody allowed is refused at the field, as the server would), the layer page's settings and table tabs, the
// sandbox with its query (wrong parameters and unknown layers named), and a layer's settings in the map's layers tab
// with the add-layer dialog.

const TIMEOUT = 60_000;
const suite = browserSuite();
const allowTiles = (origins: string) => suite.plexus.db.update(settings).set({ body: origins }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();

describe("creators", () => {
  test("a moderator makes a map from the map list: name and icon; it opens on its page", async () => {
    const s = await projectWithModerator(suite.plexus, "Map creator");
    const { page } = await suite.pageAs(s.moderatorCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/map`);
    await page.locator("#dl-create").click();
    const dialog = page.locator("#map-create");
    await dialog.waitFor();
    // The creator comes when the button is pressed, with none of OpenLayers (whose Map names its viewport class).
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\.m?js(\?|$)/.test(name)));
    expect([...(await scriptsFrom(suite.plexus.url, loaded)).modules.values()].some((m) => m.text.includes("ol-viewport"))).toBe(false);
    await dialog.locator("#mc-submit").click();
    expect(await dialog.locator("#mc-name-error").textContent()).toBe("Enter a name");
    // Moderators do not choose a parent: that is an administrator's inheriting view.
    expect(await dialog.locator("#mc-parent").count()).toBe(0);
    await dialog.getByLabel("Name").fill("Водоснабжение");
    await dialog.getByLabel("Icon 2").check();
    await dialog.locator("#mc-submit").click();
    await page.waitForURL(/\/map\/\d+$/);
    const id = Number(page.url().split("/").pop());
    const map = await apiCall<{ name: string; icon: string }>(suite.plexus.url, s.readerCookie, "GET", `/map/get?id=${id}`);
    expect(map.name).toBe("Водоснабжение");
    expect(map.icon.startsWith("M")).toBe(true);
  }, TIMEOUT);

  test("an administrator's map can inherit a parent's view", async () => {
    const s = await projectWithModerator(suite.plexus, "Inheriting");
    const parent = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { name: "Parent", project: { id: s.projectId } });
    const { page } = await suite.pageAs(s.adminCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/map`);
    await page.locator("#dl-create").click();
    const dialog = page.locator("#map-create");
    await dialog.getByLabel("Name").fill("Child");
    await dialog.locator("#mc-parent option", { hasText: "Parent" }).waitFor({ state: "attached" });
    await dialog.locator("#mc-parent").selectOption(String(parent.id));
    await dialog.locator("#mc-submit").click();
    await page.waitForURL(/\/map\/\d+$/);
    const child = await apiCall<{ parentMap: { id: number } | null; inherited: boolean }>(suite.plexus.url, s.readerCookie, "GET", `/map/get?id=${page.url().split("/").pop()}`);
    expect(child.parentMap?.id).toBe(parent.id);
    expect(child.inherited).toBe(true);
  }, TIMEOUT);

  test("the layer creator: kinds from the registry; an XYZ address on a server not allowed is refused at the field; an allowed one makes the layer", async () => {
    const s = await projectWithModerator(suite.plexus, "Layer creator");
    allowTiles("http://127.0.0.1:9");
    const { page } = await suite.pageAs(s.moderatorCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/layer`);
    await page.locator("#dl-create").click();
    const dialog = page.locator("#layer-create");
    await dialog.waitFor();
    expect(await dialog.locator(".lc-kinds label").allTextContents()).toEqual(["Objects (points of interest)", "Tiles (XYZ)"]);
    await dialog.getByLabel("Name").fill("Подложка");
    await dialog.getByLabel("Tiles (XYZ)").check();
    await expect(dialog.locator("#lc-url-hint").textContent()).resolves.toBe("Allowed tile servers: http://127.0.0.1:9");
    const saves: string[] = [];
    page.on("request", (request) => request.url().includes("/api/layer/save") && saves.push(request.url()));
    await dialog.getByLabel("Tile address").fill("https://tiles.example.org/{z}/{x}/{y}.png");
    await dialog.locator("#lc-submit").click();
    await expect(dialog.locator("#lc-url-error").textContent()).resolves.toBe("An administrator has not allowed this tile server (GIS settings)");
    await dialog.getByLabel("Tile address").fill("http://127.0.0.1:9/{z}/{x}.png");
    await dialog.locator("#lc-submit").click();
    await page.waitForFunction(() => document.querySelector("#lc-url-error")?.textContent?.includes("{z}, {x} and {y}"));
    expect(saves).toEqual([]);
    await dialog.getByLabel("Tile address").fill("http://127.0.0.1:9/{z}/{x}/{y}.png");
    await dialog.getByLabel("Projection").selectOption("EPSG:3395");
    await dialog.locator("#lc-submit").click();
    await page.waitForURL(/\/layer\/\d+$/);
    await islandsHydrated(page);
    await page.locator("#ls-kind").waitFor();
    expect(await page.locator(".ls-facts").textContent()).toContain("EPSG:3395");
  }, TIMEOUT);
});

describe("the layer page and the sandbox", () => {
  async function poiScene(name: string) {
    const s = await projectWithModerator(suite.plexus, name);
    const layer = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Wells", type: "LAYER_POI" });
    const template = await apiCall<{ id: number; fields: { id: number }[] }>(suite.plexus.url, s.adminCookie, "POST", "/layer-poi-template", {
      name: `Well ${name}`,
      graphType: "POINT",
      fields: [{ name: "Title", type: "STRING", partOfName: true }],
    });
    await apiCall(suite.plexus.url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
    const object = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer-poi/save", {
      layer: { id: layer.id },
      template: { id: template.id },
      geometry: JSON.stringify({ type: "Point", coordinates: [37.6, 55.75] }),
      properties: [{ field: { id: template.fields[0]!.id }, value: "Kremlin well" }],
    });
    return { ...s, layerId: layer.id, templateId: template.id, objectId: object.id };
  }

  test("tabs settings and table, by keyboard too; the table tab holds the layer's objects", async () => {
    const s = await poiScene("Layer page");
    const { page } = await suite.pageAs(s.readerCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/layer/${s.layerId}`);
    await page.locator("#ls-kind").waitFor();
    expect(await page.locator("#ls-kind").textContent()).toBe("Objects (points of interest)");
    expect(await page.locator("#ls-template-list li").allTextContents()).toEqual(["Well Layer page"]);
    await page.locator("#lv-tab-settings").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.locator("#lv-tab-table").getAttribute("aria-selected")).resolves.toBe("true");
    await page.locator("#pt-table tbody tr").first().waitFor();
    expect(await page.locator("#pt-table tbody th").allTextContents()).toEqual(["Kremlin well"]);
    // Comments are the side panel's tab of the same page.
    expect(await page.locator("#tab-comments").count()).toBe(1);
  }, TIMEOUT);

  test("the sandbox draws the layers its query names; unknown layers and wrong parameters are named", async () => {
    const s = await poiScene("Sandbox");
    const { page } = await suite.pageAs(s.readerCookie);
    const base = `${suite.plexus.url}/project/${s.projectId}/layer/sandbox`;
    await page.goto(`${base}?layerIdList=${s.layerId},999999&lat=55.75&lon=37.6&z=12&featureId=${s.objectId}`);
    expect(await page.locator("#sandbox-unknown").textContent()).toBe("These layers do not exist or you may not open them: 999999.");
    await page.locator(".map canvas").first().waitFor();
    // Read-only: no panel, no save, no add-object control.
    expect(await page.locator(".map__panel, .map__save").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add object" }).count()).toBe(0);
    // The sandbox has a map, so OpenLayers comes with the page: within the map page's budget.
    const scripts = await initialScripts(suite.plexus.url, `/project/${s.projectId}/layer/sandbox?layerIdList=${s.layerId}`, s.readerCookie);
    console.log(`sandbox: ${(scripts.gzipped / 1024).toFixed(1)} KB of its own JavaScript gzipped with OpenLayers`);
    expect(scripts.gzipped).toBeLessThanOrEqual(250 * 1024);
    const wrong = await page.goto(`${base}?layerIdList=abc&z=40`);
    expect(wrong?.status()).toBe(400);
    expect(await page.locator("#sandbox-wrong").textContent()).toBe("These parameters of the address are wrong: layerIdList, z.");
    expect(await page.locator(".map").count()).toBe(0);
  }, TIMEOUT);

  test("the map's layers tab: a layer's settings with its templates and links; the add-layer dialog needs a chosen layer", async () => {
    const s = await poiScene("Layers tab");
    const other = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Hydrants", type: "LAYER_POI" });
    const map = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", {
      name: "City",
      project: { id: s.projectId },
      layerConfigList: [{ layer: { id: s.layerId }, visible: true, indexNumber: 0 }],
    });
    const { page } = await suite.pageAs(s.moderatorCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/map/${map.id}`);
    await page.getByRole("button", { name: "Settings of Wells" }).click();
    const section = page.locator(`#layer-settings-${s.layerId}`);
    await section.getByText("Well Layers tab").waitFor();
    expect(await section.getByRole("link", { name: "Open table" }).getAttribute("href")).toBe(`/project/${s.projectId}/poi-table/${s.layerId}`);
    expect(await section.getByRole("link", { name: "Go to layer" }).getAttribute("href")).toBe(`/project/${s.projectId}/layer/${s.layerId}`);
    // A moderator is no administrator: no template edit link.
    expect(await section.getByRole("link", { name: /Edit/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Add layer" }).click();
    const dialog = page.locator("#add-layer");
    await expect(dialog.getByRole("button", { name: "Add" }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Find a layer").fill("Hydr");
    await dialog.getByLabel("Hydrants").check();
    await dialog.getByRole("button", { name: "Add" }).click();
    await page.locator(".map__layers li", { hasText: "Hydrants" }).waitFor();
    expect(await page.locator(".map__layers > li > label").allTextContents()).toEqual(["Hydrants", "Wells", "Countries (offline basemap)"]);
    expect(other.id).toBeGreaterThan(0);
  }, TIMEOUT);
});
