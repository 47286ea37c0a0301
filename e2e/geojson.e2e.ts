import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// The GeoJSON import dialog and the layer settings' export in chromium: an administrator imports a file of 1,000
// mixed features with a field mapping (the one invalid feature listed and skipped), and exports a layer and imports
// the file into an empty layer with the same templates, which ends up with the same objects.

const TIMEOUT = 90_000;
const suite = browserSuite();

type Template = { id: number; fields: { id: number; name: string }[] };
type Exported = { features: { id: number; name: string; geometry: unknown; properties: Record<string, unknown> }[] };

/** A map with two points layers (the second empty) that both offer a point template and a polygon template. */
async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const { url } = suite.plexus;
  const template = (title: string, graphType: string, fields: unknown[]) => apiCall<Template>(url, s.adminCookie, "POST", "/layer-poi-template", { name: title, graphType, fields });
  const tree = await template(`Tree ${name}`, "POINT", [
    { name: "Title", type: "STRING", partOfName: true },
    { name: "Height", type: "NUMBER" },
  ]);
  const zone = await template(`Zone ${name}`, "POLYGON", [{ name: "Title", type: "STRING", partOfName: true }]);
  const layer = async (title: string) => {
    const made = await apiCall<{ id: number }>(url, s.adminCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: title, type: "LAYER_POI" });
    for (const x of [tree, zone]) await apiCall(url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${made.id}&templateId=${x.id}`);
    return made.id;
  };
  const source = await layer("Survey");
  const copy = await layer("Copy");
  const map = await apiCall<{ id: number }>(url, s.adminCookie, "POST", "/map/save", { name: "Survey", project: { id: s.projectId }, layerConfigList: [{ layer: { id: source } }, { layer: { id: copy } }] });
  return { ...s, tree, zone, source, copy, mapPath: `/project/${s.projectId}/map/${map.id}` };
}

const square = (x: number, y: number) => ({ type: "Polygon", coordinates: [[[x, y], [x + 0.01, y], [x + 0.01, y + 0.01], [x, y + 0.01], [x, y]]] });
const exportOf = (cookie: string, layerId: number) => apiCall<Exported>(suite.plexus.url, cookie, "GET", `/layer-poi/geo-json?layerId=${layerId}`);

/** Opens the import dialog, gives it the file and waits for the server's report. */
async function openImport(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.locator("#geojson-import-open").click();
  const dialog = page.getByRole("dialog", { name: "Import GeoJSON" });
  await dialog.getByLabel("GeoJSON file").setInputFiles(file);
  await dialog.locator("#geojson-summary").waitFor();
  return dialog;
}

describe("GeoJSON import and export", () => {
  test(
    "an administrator imports 1,000 mixed features with a field mapping; the invalid one is listed and skipped",
    async () => {
      const s = await scene("Import");
      const features = [
        ...Array.from({ length: 700 }, (_, i) => ({ type: "Feature", geometry: { type: "Point", coordinates: [30 + i / 100, 50] }, properties: { label: `Oak ${i}`, h: i + 1 } })),
        ...Array.from({ length: 299 }, (_, i) => ({ type: "Feature", geometry: square(i / 10, 10), properties: { label: `Zone ${i}` } })),
        { type: "Feature", geometry: { type: "Polygon", coordinates: [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]] }, properties: { label: "Bowtie" } },
      ];
      const { page } = await suite.pageAs(s.adminCookie);
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      const dialog = await openImport(page, { name: "survey.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify({ type: "FeatureCollection", features })) });
      expect(await dialog.locator("#geojson-summary").textContent()).toMatch(/1,?000 features in 2 geometry groups; 1 need a look/);
      await dialog.getByRole("button", { name: "Next" }).click();
      await dialog.locator("#geojson-Point-layer").selectOption({ label: "Survey" });
      await dialog.locator("#geojson-Point-template").selectOption({ label: "Tree Import" });
      await dialog.locator("#geojson-Point").getByLabel("Title from property").selectOption("label");
      await dialog.locator("#geojson-Point").getByLabel("Height from property").selectOption("h");
      await dialog.locator("#geojson-Polygon-layer").selectOption({ label: "Survey" });
      await dialog.locator("#geojson-Polygon-template").selectOption({ label: "Zone Import" });
      await dialog.locator("#geojson-Polygon").getByLabel("Title from property").selectOption("label");
      const problem = dialog.locator(".map__import-problems li");
      expect(await problem.count()).toBe(1);
      expect(await problem.textContent()).toContain("Feature 1000: not valid GeoJSON");
      expect(await problem.textContent()).toContain("Skipped");
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await page.locator("#snackbar").getByText("Objects imported successfully").waitFor({ timeout: 60_000 });
      const imported = (await exportOf(s.adminCookie, s.source)).features;
      expect(imported).toHaveLength(999);
      expect(imported.find((x) => x.name === "Oak 5")!.properties).toEqual({ Title: "Oak 5", Height: 6 });
      expect(imported.filter((x) => x.name.startsWith("Zone"))).toHaveLength(299);
      expect(imported.some((x) => x.name === "Bowtie")).toBe(false);
    },
    TIMEOUT,
  );

  test(
    "a layer exported from its settings and imported into an empty layer gives the same objects",
    async () => {
      const s = await scene("Round");
      const items = Array.from({ length: 1000 }, (_, i) =>
        i % 4
          ? { layer: { id: s.source }, template: { id: s.tree.id }, geometry: JSON.stringify({ type: "Point", coordinates: [-3.7 + i / 1000, 40.4167754] }), properties: [{ field: { id: s.tree.fields[0]!.id }, value: `Pine ${i}` }, { field: { id: s.tree.fields[1]!.id }, value: i + 0.5 }] }
          : { layer: { id: s.source }, template: { id: s.zone.id }, geometry: JSON.stringify(square(i / 100, -10)), properties: [{ field: { id: s.zone.fields[0]!.id }, value: `Field ${i}` }] },
      );
      await apiCall(suite.plexus.url, s.adminCookie, "POST", "/layer-poi/save-all", items);
      const { page } = await suite.pageAs(s.adminCookie);
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await page.getByRole("button", { name: "Settings of Survey" }).click();
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`#layer-settings-${s.source}`).getByRole("link", { name: "Export GeoJSON" }).click()]);
      expect(download.suggestedFilename()).toBe("Survey.geojson");
      const path = (await download.path())!;
      expect(JSON.parse(readFileSync(path, "utf8")).features).toHaveLength(1000);
      const dialog = await openImport(page, path);
      await dialog.getByRole("button", { name: "Next" }).click();
      for (const [type, template] of [["Point", "Tree Round"], ["Polygon", "Zone Round"]]) {
        await dialog.locator(`#geojson-${type}-layer`).selectOption({ label: "Copy" });
        await dialog.locator(`#geojson-${type}-template`).selectOption({ label: template! });
      }
      // Fields are mapped by name: the export names properties as the template's fields.
      expect(await dialog.locator("#geojson-Point").getByLabel("Height from property").inputValue()).toBe("Height");
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await page.locator("#snackbar").getByText("Objects imported successfully").waitFor({ timeout: 60_000 });
      const same = (file: Exported) => file.features.map(({ id: _id, ...rest }) => rest).sort((a, b) => a.name.localeCompare(b.name));
      expect(same(await exportOf(s.adminCookie, s.copy))).toEqual(same(await exportOf(s.adminCookie, s.source)));
    },
    TIMEOUT,
  );
});
