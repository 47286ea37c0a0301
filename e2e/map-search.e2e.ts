import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// The map search's places and coordinates and the context menu's 'what is here' in chromium, against the offline
// gazetteer (Natural Earth's populated places, seeded on the first search): a Russian city found by its Russian name
// on an English page, a Spanish one typed without its accent, degrees-minutes-seconds landing the map there.

const TIMEOUT = 60_000;
const suite = browserSuite();

/** A project's map with no layers, and a plain member to read it. */
async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const map = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/map/save", { name, project: { id: s.projectId }, layerConfigList: [] });
  return { ...s, mapPath: `/project/${s.projectId}/map/${map.id}` };
}

async function search(page: Page, text: string, label = "Find objects, places or coordinates") {
  await page.getByRole("tab", { name: /^(Search|Поиск|Búsqueda)$/ }).click();
  await page.getByLabel(label).fill(text);
  await page.getByLabel(label).press("Enter");
}

/**
 * Asks 'what is here' at the map's centre (the context-menu key on the map) until the snackbar names `place`: the
 * map may still be flying when first asked, so `place` names the whole answer's start. Each turn waits for the server's answer, never for a time.
 */
async function centreIsNear(page: Page, place: RegExp) {
  const said = page.locator("#snackbar");
  for (let turn = 0; ; turn++) {
    await page.locator("#map-canvas").focus();
    await page.keyboard.press("Shift+F10");
    const answered = page.waitForResponse((response) => response.url().includes("/api/places/nearest"));
    await page.getByRole("menuitem", { name: "What is here?" }).click();
    await answered;
    const text = (await said.textContent()) ?? "";
    if (place.test(text)) return text;
    if (turn === 10) throw new Error(`the centre is not near ${place}: ${text}`);
  }
}

describe("map search: places and coordinates", () => {
  test(
    "a Russian city by its Russian name and a Spanish one without its accent are listed under places; a click flies there, and 'what is here' names it",
    async () => {
      const s = await scene("Places");
      const { page } = await suite.pageAs(s.readerCookie);
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await search(page, "новосибирск");
      const places = page.getByRole("list", { name: "Places and addresses" }).getByRole("button");
      await places.first().waitFor();
      expect(await places.first().textContent()).toContain("Novosibirsk");
      await places.first().click();
      expect(await centreIsNear(page, /^Near Novosibirsk \(/)).toMatch(/^Near Novosibirsk \(.*Russia\), .* away/);

      await search(page, "cordoba");
      await places.first().waitFor();
      expect(await places.allInnerTexts()).toContainEqual(expect.stringContaining("Córdoba"));
      await search(page, "no such place at all");
      await page.getByText("Nothing found").waitFor();
    },
    TIMEOUT,
  );

  test(
    "pasted degrees, minutes and seconds land the map on Moscow; longitude first is turned, with a hint; a link with ?lat=&lon= opens the map there",
    async () => {
      const s = await scene("Coordinates");
      const { page } = await suite.pageAs(s.readerCookie);
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await search(page, `55°45'21"N 37°37'04"E`);
      expect(await centreIsNear(page, /^Near Moscow /)).toContain("Russia");
      await search(page, "135.50 34.69");
      await page.getByText(/read as longitude, latitude/).waitFor();
      expect(await centreIsNear(page, /^Near Ōsaka /)).toContain("Japan");
      // A Plexus link to a place opens the map there.
      await page.goto(`${suite.plexus.url}${s.mapPath}?lat=-33.45&lon=-70.66`);
      expect(await centreIsNear(page, /^Near Santiago /)).toContain("Chile");
    },
    TIMEOUT,
  );

  test(
    "at 360 px in Spanish the filter opens from the keyboard and 'only addresses and places' finds Málaga typed without its accent",
    async () => {
      const s = await scene("Narrow");
      const { page } = await suite.pageAs(s.readerCookie, { viewport: { width: 360, height: 740 }, language: "es" });
      await page.goto(`${suite.plexus.url}${s.mapPath}`);
      await page.getByRole("tab", { name: "Búsqueda" }).click();
      const filter = page.getByRole("button", { name: "Filtro de búsqueda" });
      await filter.focus();
      await page.keyboard.press("Enter");
      await page.getByLabel("Solo direcciones y lugares").check();
      await search(page, "malaga", "Buscar objetos, lugares o coordenadas");
      const places = page.getByRole("list", { name: "Lugares y direcciones" }).getByRole("button");
      await places.first().waitFor();
      expect(await places.first().textContent()).toContain("Málaga");
      for (const part of ["#map-search", "#map-search-filter", "#map-search-filter select >> nth=0"]) {
        const box = (await page.locator(part).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
    },
    TIMEOUT,
  );
});
