import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { russianReportDocx } from "../src/modules/docs/russian-docx";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, islandsHydrated, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";
import { axeOn } from "./axe";

// A Russian report in the DOCX viewer, as people meet it: version compare word by word in Cyrillic,
// search across bold and ё, Word's Title in the structure, pictures with alt text, an empty DOCX,
// and the viewer's bar and structure panel at 360 px.

const TIMEOUT = 60_000;
const EMPTY_DOCX = "node_modules/mammoth/test/test-data/empty.docx";

let plexus: Plexus;
let browser: Browser;
let cookie: string;
let projectId: number;

const call = <T = any>(method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, cookie, method, path, body);

async function stage(name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await fetch(`${plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return (await response.json())[0].path;
}

/** A new document whose versions are `files`, the first uploaded first (so the last is the latest); returns its id and version ids, newest first. */
async function seedDocument(files: { name: string; bytes: Uint8Array }[]) {
  const [first, ...rest] = files;
  const [saved] = await call<{ id: number }[]>("POST", `/docs/save-all/${projectId}`, [
    { path: await stage(first.name, first.bytes), name: "Отчёт о работах на мосту", provider: "Бюро" },
  ]);
  for (const file of rest) await call("POST", "/docs/add-doc-version", { data: { id: saved.id }, path: await stage(file.name, file.bytes) });
  const versions = await call<{ id: number }[]>("GET", `/docs/get-all-versions/${saved.id}`);
  return { id: saved.id, versions: versions.map((v) => String(v.id)) };
}

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  projectId = (await call("POST", "/project/create", { name: "Мост через реку" })).id;
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

async function openDocument(id: number, { width = 1280, locale = "en" } = {}) {
  const { page, context } = await signedInPage(browser, plexus.url, cookie, { viewport: { width, height: 740 } });
  await context.addCookies([{ name: "plexus_locale", value: locale, url: plexus.url }]);
  await page.goto(`${plexus.url}/project/${projectId}/doc/${id}`);
  return { page, context };
}

/** The text shown (it comes with the page) and the page's islands hydrated, so its structure and search are there too. */
const waitForText = async (page: Page) => {
  await page.locator("[data-docx-body]").getByText("Работы завершены").waitFor();
  await islandsHydrated(page);
};
const searchFor = async (page: Page, term: string, count: string) => {
  await page.locator("#doc-search-input").fill(term);
  await page.waitForFunction((want) => document.querySelector("[data-search-count]")?.textContent === want, count);
};
/** What the diff marks, as «+words» and «-words», spaces and no-break spaces trimmed. */
const marked = async (page: Page) =>
  page.locator("[data-compare-body]").locator("ins, del").evaluateAll((marks) =>
    marks.map((mark) => `${mark.tagName === "INS" ? "+" : "-"}${mark.textContent!.replace(/\u00a0/g, " ").trim()}`),
  );

describe("comparing versions", () => {
  test(
    "opens on the two latest versions and marks whole Russian words; any two versions can be chosen",
    async () => {
      const march = await russianReportDocx();
      const { id, versions } = await seedDocument([
        { name: "отчёт-март.docx", bytes: march },
        { name: "отчёт-апрель.docx", bytes: await russianReportDocx({ april: true }) },
        { name: "отчёт-итог.docx", bytes: march },
      ]);
      const [latest, previous, oldest] = versions;
      const { page, context } = await openDocument(id);
      await waitForText(page);

      await page.getByRole("button", { name: "Compare" }).click();
      const dialog = page.getByRole("dialog", { name: "Compare versions" });
      expect(await dialog.getByLabel("Original version").inputValue()).toBe(previous);
      expect(await dialog.getByLabel("Edited version").inputValue()).toBe(latest);
      await dialog.getByRole("button", { name: "Compare" }).click();
      await page.locator("[data-compare-body] del").first().waitFor();
      // «в марте и апреле» back to «в марте»: the two words go, not «е и апрел».
      expect(await marked(page)).toEqual(["-и апреле"]);
      expect(await page.locator("[data-compare-title]").textContent()).toBe("Changes from «отчёт-апрель.docx» to «отчёт-итог.docx»");

      await page.getByRole("button", { name: "Compare" }).click();
      await dialog.getByLabel("Original version").selectOption(oldest);
      await dialog.getByLabel("Edited version").selectOption(previous);
      await dialog.getByRole("button", { name: "Compare" }).click();
      await page.locator("[data-compare-body] ins").first().waitFor();
      expect(await marked(page)).toEqual(["+и апреле"]);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the Russian report in the viewer", () => {
  let reportId: number;
  beforeAll(async () => {
    reportId = (await seedDocument([{ name: "отчёт.docx", bytes: await russianReportDocx() }])).id;
  });

  test(
    "search finds a phrase half in bold as one hit, and «отчет» finds «Отчёт» in any case",
    async () => {
      const { page, context } = await openDocument(reportId);
      await waitForText(page);
      const body = page.locator("[data-docx-body]");
      await searchFor(page, "для устройства", "1 of 1");
      expect((await body.locator("mark").allTextContents()).join("")).toBe("для устройства");
      // Both pieces of the one hit are the current hit.
      expect(await body.locator("mark.is-current").count()).toBe(2);
      expect(await body.locator("mark.is-current strong, strong mark.is-current").count()).toBe(1);

      await searchFor(page, "отчет", "1 of 2");
      expect(await body.locator("mark").allTextContents()).toEqual(["Отчёт", "отчёт"]);
      // Enter straight after typing searches the new term rather than stepping to the old term's next hit.
      await page.locator("#doc-search-input").fill("связи");
      await page.locator("#doc-search-input").press("Enter");
      expect(await page.locator("[data-search-count]").textContent()).toBe("1 of 1");
      await searchFor(page, "ГОДОВОЙ   ОТЧЁТ", "1 of 1");
      // Two paragraphs are never one line: the end of one and the start of the next do not match together.
      await searchFor(page, "связи. Сроки", "No matches");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "Word's Title heads the structure tree, the headings under it",
    async () => {
      const { page, context } = await openDocument(reportId);
      await waitForText(page);
      const tree = page.getByRole("navigation", { name: "Structure" });
      expect(await tree.getByRole("link").allTextContents()).toEqual(["Отчёт о работах", "Введение", "Сроки", "Результаты"]);
      expect(await tree.locator(":scope > ul > li").count()).toBe(1);
      expect(await tree.locator(":scope > ul > li > ul > li > a").allTextContents()).toEqual(["Введение", "Результаты"]);
      await tree.getByRole("link", { name: "Отчёт о работах" }).click();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Отчёт о работах");
      await context.close();
    },
    TIMEOUT,
  );

  for (const [width, locale, generic] of [[1280, "en", "Picture from the document"], [360, "ru", "Рисунок из документа"]] as const) {
    test(
      `pictures carry the document's description or a generic alt in the reader's language; axe finds nothing critical or serious in the viewer (${width} px, ${locale})`,
      async () => {
        const { page, context } = await openDocument(reportId, { width, locale });
        await waitForText(page);
        expect(await page.locator("[data-docx-body] img").evaluateAll((images) => images.map((img) => img.getAttribute("alt")))).toEqual([
          "Схема моста",
          generic,
        ]);
        const { violations } = await axeOn(page).include("#doc-viewer").analyze();
        expect(violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );
  }
});

describe("an empty DOCX", () => {
  test(
    "shows a note that the document is empty instead of a blank pane, and no search",
    async () => {
      const { id } = await seedDocument([{ name: "empty.docx", bytes: new Uint8Array(await Bun.file(EMPTY_DOCX).arrayBuffer()) }]);
      const { page, context } = await openDocument(id);
      await page.locator("#viewer-stage").getByText("The document is empty: it has no text or pictures.").waitFor();
      expect(await page.locator("#doc-search").isVisible()).toBe(false);
      expect(await page.locator("#download").isVisible()).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the viewer's bar and structure panel", () => {
  let threeVersions: number;
  beforeAll(async () => {
    const march = await russianReportDocx();
    threeVersions = (
      await seedDocument([
        { name: "отчёт-март.docx", bytes: march },
        { name: "отчёт-апрель.docx", bytes: await russianReportDocx({ april: true }) },
      ])
    ).id;
  });

  /** Where the download button is, and whether the search box, the bar and the page stay within their widths. */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return {
        downloadTop: Math.round(box("#download").top),
        titleTop: Math.round(box("#viewer-title").top),
        searchRight: box("#doc-search").right,
        barRight: box(".viewer__bar").right,
        pageWidth: document.documentElement.scrollWidth,
      };
    });

  test(
    "at 360 px in Russian the structure panel shows whole, the search placeholder is not cut, and «Совпадений нет» moves nothing",
    async () => {
      const { page, context } = await openDocument(threeVersions, { width: 360, locale: "ru" });
      await waitForText(page);
      const tree = page.locator("[data-docx-tree]");
      // Closed on a phone, its title in full; open, every heading within the screen.
      expect(await tree.evaluate((el) => el.clientHeight >= el.scrollHeight && el.getBoundingClientRect().height >= 32)).toBe(true);
      await tree.getByText("Структура").click();
      const links = tree.getByRole("link");
      await links.first().waitFor();
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        expect(box.height).toBeGreaterThan(10);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }

      // The placeholder fits its box: its text measured in the box's font is narrower than the room inside.
      const input = page.locator("#doc-search-input");
      const room = await input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const context2d = document.createElement("canvas").getContext("2d")!;
        context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context2d.measureText(el.placeholder).width;
      });
      expect(room).toBeGreaterThan(0);

      const before = await layout(page);
      expect(before.downloadTop).toBeLessThan(before.titleTop + 20);
      await searchFor(page, "нет такого", "Совпадений нет");
      const after = await layout(page);
      expect(after.downloadTop).toBe(before.downloadTop);
      expect(after.searchRight).toBeLessThanOrEqual(after.barRight);
      expect(after.pageWidth).toBeLessThanOrEqual(360);
      await context.close();
    },
    TIMEOUT,
  );

  for (const width of [1280, 1024]) {
    test(
      `at ${width} px «Совпадений нет» keeps «Скачать» on the title's row`,
      async () => {
        const { page, context } = await openDocument(threeVersions, { width, locale: "ru" });
        await waitForText(page);
        const before = await layout(page);
        await searchFor(page, "нет такого", "Совпадений нет");
        const after = await layout(page);
        expect(after.downloadTop).toBe(before.downloadTop);
        expect(after.downloadTop).toBeLessThan(after.titleTop + 20);
        expect(after.searchRight).toBeLessThanOrEqual(after.barRight);
        await context.close();
      },
      TIMEOUT,
    );
  }
});
