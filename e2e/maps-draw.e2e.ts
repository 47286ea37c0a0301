import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, browserSuite, projectWithModerator } from "./setup";
import { axeOn } from "./axe";

// Drawing and editing objects on the map page in chromium: an administrator's style and template with a rule (set up
// through the API), a moderator drawing a polygon with it and seeing the rule's style, editing its shape and reading
// the changelog; a second editor's stale save refused with what they typed kept; a plain member's map without the
// add-object control and with only create task, 'what is here' and the panorama in the right-click menu; a line of one point refused.

const TIMEOUT = 90_000;
const suite = browserSuite();

type Template = { id: number; fields: { id: number; name: string }[] };

/** A project's map showing one points layer that offers a polygon template (rule: Area over 100 is green) and a line template. */
async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const { url } = suite.plexus;
  const green = await apiCall(url, s.adminCookie, "POST", "/layer-poi-style", { name: `Green ${name}`, fill: "#00FF0080", stroke: "#00AA00FF", strokeWidth: 4 });
  const park = await apiCall<Template>(url, s.adminCookie, "POST", "/layer-poi-template", {
    name: `Park ${name}`,
    graphType: "POLYGON",
    fields: [
      { name: "Title", type: "STRING", partOfName: true, required: true },
      { name: "Area", type: "NUMBER" },
    ],
    rules: [{ field: { name: "Area" }, predicate: "MORE", thresholdValue: "100", layerPoiStyle: { id: green.id } }],
  });
  const path = await apiCall<Template>(url, s.adminCookie, "POST", "/layer-poi-template", { name: `Path ${name}`, graphType: "LINE_STRING", fields: [{ name: "Title", type: "STRING" }] });
  const layer = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Parks", type: "LAYER_POI" });
  for (const template of [park, path]) await apiCall(url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
  const map = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/map/save", { name: "Parks", project: { id: s.projectId }, layerConfigList: [{ layer: { id: layer.id } }] });
  return { ...s, park, path, layerId: layer.id, mapPath: `/project/${s.projectId}/map/${map.id}` };
}

/** The map's centre on the page: a map never moved shows the whole world around [0, 0]. */
async function centreOf(page: Page) {
  await page.locator("#map-canvas canvas").first().waitFor();
  const box = (await page.locator("#map-canvas").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks the map at offsets from its centre, apart enough not to make a double click. */
async function clickAt(page: Page, offsets: [number, number][]) {
  const centre = await centreOf(page);
  for (const [dx, dy] of offsets) {
    await page.mouse.click(centre.x + dx, centre.y + dy);
    await page.waitForTimeout(350);
  }
}

/** Whether the map's canvases hold the green outline of the rule's style (#00AA00) anywhere. */
const greenDrawn = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>("#map-canvas canvas")].some((canvas) => {
      const context = canvas.width ? canvas.getContext("2d") : null;
      if (!context) return false;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 40 && pixels[i + 1]! > 140 && pixels[i + 1]! < 200 && pixels[i + 2]! < 40 && pixels[i + 3]! > 200) return true;
      return false;
    }),
  );

/** What axe finds critical or serious inside `selector`. */
async function axeProblems(page: Page, selector: string) {
  const { violations } = await axeOn(page).include(selector).analyze();
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

const objectsOf = async (cookie: string, layerId: number) =>
  (await apiCall<{ features: { id: number; name: string }[] }>(suite.plexus.url, cookie, "GET", `/layer-poi/geo-json?layerId=${layerId}`)).features;

describe("drawing objects on the map", () => {
  test(
    "a moderator draws a polygon with the template, sees the rule's style, moves a corner and reads the changelog",
    async () => {
      const s = await scene("Draw");
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await page.getByRole("button", { name: "Add object" }).click();
      const chooser = page.getByRole("dialog", { name: "Create object: choose a layer and template" });
      await chooser.getByRole("button", { name: /Park Draw/ }).click();
      await page.getByRole("toolbar", { name: "Drawing Park Draw" }).waitFor();
      await clickAt(page, [
        [-80, -50],
        [80, -50],
        [80, 50],
        [-80, 50],
      ]);
      await page.getByRole("toolbar", { name: "Drawing Park Draw" }).getByRole("button", { name: "Save" }).click();
      const form = page.getByRole("dialog", { name: "Create object" });
      // Required fields are checked in the form before anything is sent.
      await form.getByRole("button", { name: "Save" }).click();
      await form.getByText("Fill in this field").waitFor();
      await form.getByLabel("Title").fill("Oak park");
      await form.getByLabel("Area").fill("15000");
      expect(await form.getByLabel("Area").inputValue()).toBe("15 000");
      await form.getByText("Name: Oak park").waitFor();
      await form.getByRole("button", { name: "Save" }).click();
      await page.locator("#snackbar").getByText("Changes saved").waitFor();
      const [made] = await objectsOf(s.moderatorCookie, s.layerId);
      expect(made!.name).toBe("Oak park");
      for (let waited = 0; !(await greenDrawn(page)); waited += 200) {
        if (waited > 10_000) throw new Error("the rule's green style was not drawn");
        await page.waitForTimeout(200);
      }

      // Select it, open its details, edit its shape: the top right corner is dragged further out.
      await clickAt(page, [[0, 0]]);
      await page.locator("#map-selected").getByRole("button", { name: "Details" }).click();
      const details = page.getByRole("dialog", { name: "Oak park" });
      await details.getByRole("button", { name: "Edit on the map" }).click();
      await page.getByRole("toolbar", { name: "Drawing Park Draw" }).waitFor();
      const centre = await centreOf(page);
      await page.mouse.move(centre.x + 80, centre.y - 50);
      await page.mouse.down();
      await page.mouse.move(centre.x + 110, centre.y - 70, { steps: 5 });
      await page.mouse.up();
      await page.getByRole("toolbar", { name: "Drawing Park Draw" }).getByRole("button", { name: "Save" }).click();
      const edit = page.getByRole("dialog", { name: "Edit object" });
      expect(await edit.getByLabel("Title").inputValue()).toBe("Oak park");
      await edit.getByRole("button", { name: "Save" }).click();
      await page.locator("#snackbar").getByText("Changes saved").waitFor();

      await clickAt(page, [[0, 0]]);
      await page.locator("#map-selected").getByRole("button", { name: "Details" }).click();
      const log = page.getByRole("dialog", { name: "Oak park" }).getByRole("table", { name: "Changelog" });
      await log.getByRole("row").nth(2).waitFor();
      expect(await axeProblems(page, "#map-details")).toEqual([]);
      const rows = await log.getByRole("row").allInnerTexts();
      expect(rows).toHaveLength(3);
      expect(rows[1]).toContain("Mona Moderator");
      expect(rows[1]).toContain("Changed");
      expect(rows[1]).toContain("Polygon, 5 points");
      expect(rows[2]).toContain("Created");
      expect(rows[2]).toContain("Title: Oak park");
      const changes = await apiCall<{ changeType: string; geometry: string }[]>(suite.plexus.url, s.moderatorCookie, "GET", `/layer-poi/changelog/get?lpId=${made!.id}`);
      const [first, second] = changes.map((entry) => JSON.parse(entry.geometry).coordinates[0]);
      expect(second).not.toEqual(first);
    },
    TIMEOUT,
  );

  test(
    "a second editor's stale save is refused with 409, keeps what they typed, and offers the newer version, which they then delete after a confirmation",
    async () => {
      const s = await scene("Stale");
      const { url } = suite.plexus;
      const ring = [[-20, -10], [20, -10], [20, 10], [-20, 10], [-20, -10]];
      const body = (title: string) => ({
        layer: { id: s.layerId },
        template: { id: s.park.id },
        geometry: JSON.stringify({ type: "Polygon", coordinates: [ring] }),
        properties: [{ field: { id: s.park.fields[0]!.id }, value: title }],
      });
      const made = await apiCall<{ id: number; version: number }>(url, s.moderatorCookie, "POST", "/layer-poi/save", body("First"));
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(`${url}${s.mapPath}?layerPoiId=${made.id}`);
      await page.locator("#map-selected").getByRole("button", { name: "Details" }).click();
      const details = page.getByRole("dialog", { name: "First" });
      await details.getByLabel("Title").fill("Mine");
      // Someone else saves the object meanwhile.
      await apiCall(url, s.adminCookie, "POST", "/layer-poi/save", { ...body("Theirs"), id: made.id, version: made.version });
      const answer = page.waitForResponse((response) => response.url().includes("/api/layer-poi/save"));
      await details.getByRole("button", { name: "Save" }).click();
      const refused = await answer;
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ status: 409, error: "stale_version" });
      await details.getByRole("alert").getByText("Someone else saved this object since you opened it").waitFor();
      expect(await details.getByLabel("Title").inputValue()).toBe("Mine");
      await details.getByRole("button", { name: "Load the newer version" }).click();
      await page.waitForFunction(() => (document.querySelector("#map-details input") as HTMLInputElement | null)?.value === "Theirs");
      expect((await objectsOf(s.moderatorCookie, s.layerId)).map((x) => x.name)).toEqual(["Theirs"]);
      // Delete asks first; Cancel keeps the object, Delete removes it.
      const theirs = page.getByRole("dialog", { name: "Theirs" });
      await theirs.getByRole("toolbar", { name: "Object actions" }).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete the object?" }).getByRole("button", { name: "Cancel" }).click();
      expect(await objectsOf(s.moderatorCookie, s.layerId)).toHaveLength(1);
      await theirs.getByRole("toolbar", { name: "Object actions" }).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete the object?" }).getByRole("button", { name: "Delete" }).click();
      await page.locator("#snackbar").getByText("Object deleted").waitFor();
      expect(await objectsOf(s.moderatorCookie, s.layerId)).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "a plain member sees no add-object control, one comments tab, and only create task, 'what is here' and the panorama in the right-click menu",
    async () => {
      const s = await scene("Reader");
      const { url } = suite.plexus;
      await apiCall(url, s.adminCookie, "POST", "/settings/save-all", [{ label: "GIS_PANORAMA_URL", body: "https://pano.example.org/?ll={lat},{lon}" }]);
      try {
        const { page } = await suite.pageAs(s.readerCookie);
        await page.goto(`${url}${s.mapPath}`);
        await page.getByRole("button", { name: "Measure a distance" }).waitFor();
        expect(await page.getByRole("button", { name: "Add object" }).count()).toBe(0);
        expect(await page.getByRole("tab", { name: "Comments" }).count()).toBe(1);
        const centre = await centreOf(page);
        await page.mouse.click(centre.x, centre.y, { button: "right" });
        const menu = page.getByRole("menu", { name: "Map menu" });
        const items = await menu.getByRole("menuitem").allInnerTexts();
        expect(items).toEqual(["Create task", "What is here?", "Panorama"]);
        const href = (await menu.getByRole("menuitem", { name: "Panorama" }).getAttribute("href"))!;
        const [lat, lon] = new URL(href).searchParams.get("ll")!.split(",").map(Number);
        expect(Math.abs(lat!)).toBeLessThan(5);
        expect(Math.abs(lon!)).toBeLessThan(5);
        await page.keyboard.press("Escape");
        await menu.waitFor({ state: "detached" });
      } finally {
        await apiCall(url, s.adminCookie, "POST", "/settings/save-all", [{ label: "GIS_PANORAMA_URL", body: "" }]);
      }
    },
    TIMEOUT,
  );

  test(
    "at 360 px the menu's create object draws too: a line of one point is refused with 'Error', the keyboard draws one of two, the dialog fits, Cancel saves nothing",
    async () => {
      const s = await scene("Short");
      const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      const centre = await centreOf(page);
      await page.mouse.click(centre.x, centre.y, { button: "right" });
      const menu = page.getByRole("menu", { name: "Map menu" });
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await menu.getByRole("menuitem", { name: "Create task" }).getAttribute("aria-disabled")).toBeNull();
      await menu.getByRole("menuitem", { name: "Create object" }).click();
      await page.getByRole("dialog", { name: "Create object: choose a layer and template" }).getByRole("button", { name: /Path Short/ }).click();
      const bar = page.getByRole("toolbar", { name: "Drawing Path Short" });
      await bar.waitFor();
      await clickAt(page, [[10, 10]]);
      await bar.getByRole("button", { name: "Save" }).click();
      await page.locator("#snackbar").getByText(/^Error/).waitFor();
      expect(await page.getByRole("dialog", { name: "Create object" }).count()).toBe(0);
      // With the keyboard: Space puts a point at the map's centre, the arrow keys move the map under it, Enter ends the
      // line; Save opens the attribute dialog, within the screen's width.
      await page.locator("#map-canvas").focus();
      await page.keyboard.press("Space");
      // The keys move the map at once (no glide), so the second vertex is where they took the centre, however slow the machine.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      await page.keyboard.press("Enter");
      await bar.getByRole("button", { name: "Save" }).click();
      const form = page.getByRole("dialog", { name: "Create object" });
      await form.getByLabel("Title").waitFor();
      const dialogBox = (await form.boundingBox())!;
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeProblems(page, "#map-object")).toEqual([]);
      await form.getByRole("button", { name: "Back to the drawing" }).click();
      await bar.getByRole("button", { name: "Cancel" }).click();
      await bar.waitFor({ state: "detached" });
      expect(await objectsOf(s.moderatorCookie, s.layerId)).toEqual([]);
    },
    TIMEOUT,
  );
});
