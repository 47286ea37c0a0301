import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { es } from "../locales/es";
import { ru } from "../locales/ru";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite, signedInPage } from "./setup";

// The one PDF viewer of the document page and the drive, in Debian's chromium against the built
// server: its toolbar (page n / N, go to page, zoom, fit to width), the text layer (select and
// search with highlights), and the file read by ranges.

const TIMEOUT = 60_000;

const suite = browserSuite();

/** Six pages: "Section n" heads each, page 2 and 5 mention the pier, page 4 says it in capitals. */
const report = () =>
  makePdf([
    ["Inspection report", "Bridge over the river"],
    ["Section 2", "The pier shows corrosion."],
    ["Section 3", "Deck joints need sealing."],
    ["Section 4", "PIER FOUR WAS REPAIRED."],
    ["Section 5", "A second pier was painted."],
    ["Section 6", "End of the report."],
  ]);

/** A moderator's project with one PDF document; gives the moderator's cookie and the document's page. */
async function pdfDocument(name: string, bytes: Uint8Array) {
  const admin = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
  const projectId = (await apiCall(suite.plexus.url, admin, "POST", "/project/create", { name: `Viewer ${name}` })).id;
  const moderator = await suite.plexus.newUser();
  await apiCall(suite.plexus.url, admin, "POST", "/project/add-user-project", { user: { id: moderator.id }, project: { id: projectId }, moderator: true });
  const cookie = await apiSignIn(suite.plexus.url, moderator.login, moderator.password);
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const staged = await (await fetch(`${suite.plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form })).json();
  const [saved] = await apiCall(suite.plexus.url, cookie, "POST", `/docs/save-all/${projectId}`, [{ path: staged[0].path, provider: "Survey office" }]);
  return { cookie, path: `${suite.plexus.url}/project/${projectId}/doc/${saved.id}` };
}

const rendered = (page: Page, n: number) =>
  page.waitForFunction((n) => !!document.querySelector(`[data-pdf-pages] .pdf__page[data-page="${n}"][data-rendered] .textLayer span`), n);

describe("the PDF viewer's toolbar", () => {
  test(
    "shows page n / N as the pages scroll; going to a page jumps there; zoom steps, fit to width fills the view",
    async () => {
      const { cookie, path } = await pdfDocument("report.pdf", report());
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie);
      await page.goto(path);
      await rendered(page, 1);
      const toolbar = page.getByRole("toolbar", { name: "PDF tools" });
      const pageBox = toolbar.getByRole("textbox", { name: "Go to page" });
      expect(await pageBox.inputValue()).toBe("1");
      expect(await toolbar.getByText("/ 6").isVisible()).toBe(true);

      await pageBox.fill("4");
      await pageBox.press("Enter");
      await rendered(page, 4);
      // The fourth page is at the top of the view, and the thumbnail strip agrees.
      const sheet = page.locator("[data-pdf-pages]");
      const top = async (n: number) => (await page.locator(`.pdf__page[data-page="${n}"]`).boundingBox())!.y - (await sheet.boundingBox())!.y;
      expect(Math.abs(await top(4))).toBeLessThan(40);
      expect(await page.getByRole("button", { name: "Page 4", exact: true }).getAttribute("aria-current")).toBe("page");

      // Scrolling by hand moves the number too.
      await sheet.evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForFunction(() => (document.querySelector("#pdfv-page") as HTMLInputElement).value === "1");
      // A number past the end, or no page number at all, is refused beside the box; the last page is 6.
      await pageBox.fill("60");
      await pageBox.press("Enter");
      await toolbar.getByText("Enter at most 6").waitFor();
      await pageBox.fill("2,5");
      await pageBox.press("Enter");
      await toolbar.getByText("Thousands are grouped by three digits, and only before the decimal separator").waitFor();
      expect(await pageBox.getAttribute("aria-invalid")).toBe("true");
      await pageBox.fill("6");
      await pageBox.press("Enter");
      await page.waitForFunction(() => (document.querySelector("#pdfv-page") as HTMLInputElement).value === "6");

      const scale = toolbar.locator("#pdf-scale");
      expect(await scale.textContent()).toBe("100%");
      const width = async () => (await page.locator('.pdf__page[data-page="1"]').boundingBox())!.width;
      const before = await width();
      await toolbar.getByRole("button", { name: "Zoom in" }).click();
      expect(await scale.textContent()).toBe("125%");
      expect(Math.round(await width())).toBe(Math.round(before * 1.25));
      await toolbar.getByRole("button", { name: "Fit to width" }).click();
      expect(await toolbar.getByRole("button", { name: "Fit to width" }).getAttribute("aria-pressed")).toBe("true");
      const room = await sheet.evaluate((el) => el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight));
      expect(await width()).toBeLessThanOrEqual(room);
      expect(await width()).toBeGreaterThan(room - 10);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the page box in Russian and Spanish: a decimal comma is refused as no whole page in the reader's language, 3 goes to page 3",
    async () => {
      const { cookie, path } = await pdfDocument("informe.pdf", report());
      for (const [language, dictionary] of [["ru", ru], ["es", es]] as const) {
        const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie, { language });
        await page.goto(path);
        await rendered(page, 1);
        const pageBox = page.getByRole("textbox", { name: dictionary["docs.pdf.goTo"] });
        await pageBox.fill("2,5");
        await pageBox.press("Enter");
        await page.getByText(dictionary["common.number.not_whole"]).waitFor();
        expect(await pageBox.inputValue()).toBe("2,5");
        await pageBox.fill("3");
        await pageBox.press("Enter");
        await rendered(page, 3);
        expect(await page.getByRole("button", { name: dictionary["docs.pdf.page"].replace("{{n}}", "3"), exact: true }).getAttribute("aria-current")).toBe("page");
        await context.close();
      }
    },
    TIMEOUT,
  );
});

describe("the PDF's text", () => {
  test(
    "can be selected on the page, and searched: every hit highlighted, n of m across pages, any case; the next hit's page comes into view",
    async () => {
      const { cookie, path } = await pdfDocument("report.pdf", report());
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie);
      await page.goto(path);
      await rendered(page, 1);

      // A double click on the drawn word selects it, as in any text.
      const word = page.locator('.pdf__page[data-page="1"] .textLayer span', { hasText: "Inspection report" });
      const box = (await word.boundingBox())!;
      await page.mouse.dblclick(box.x + 12, box.y + box.height / 2);
      expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe("Inspection");

      const search = page.getByRole("searchbox", { name: "Search in the PDF" });
      await search.fill("pier");
      const count = page.locator(".pdfv__count");
      await page.waitForFunction(() => document.querySelector(".pdfv__count")?.textContent === "1 of 3");
      // The first hit is on page 2: drawn and marked.
      await rendered(page, 2);
      await page.waitForFunction(() => document.querySelectorAll('.pdf__page[data-page="2"] mark.doc-hit.is-current').length === 1);
      expect(await page.locator('.pdf__page[data-page="2"] mark.doc-hit').allTextContents()).toEqual(["pier"]);

      // The next hit, in capitals on page 4, is brought into view and marked as the current one.
      await page.getByRole("button", { name: "Next match" }).click();
      expect(await count.textContent()).toBe("2 of 3");
      await page.waitForFunction(() => document.querySelector('.pdf__page[data-page="4"] mark.doc-hit.is-current')?.textContent === "PIER");
      const sheet = (await page.locator("[data-pdf-pages]").boundingBox())!;
      const mark = (await page.locator('.pdf__page[data-page="4"] mark.is-current').boundingBox())!;
      expect(mark.y).toBeGreaterThan(sheet.y);
      expect(mark.y + mark.height).toBeLessThan(sheet.y + sheet.height);

      await search.press("Enter");
      expect(await count.textContent()).toBe("3 of 3");
      await search.press("Shift+Enter");
      expect(await count.textContent()).toBe("2 of 3");

      await search.fill("bearing");
      await page.waitForFunction(() => document.querySelector(".pdfv__count")?.textContent === "No matches");
      expect(await page.locator("mark.doc-hit").count()).toBe(0);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("reading by ranges", () => {
  test(
    "a 36-page PDF is read in parts of 64 KB (206 answers), never as one whole download",
    async () => {
      const bytes = new Uint8Array(await Bun.file("/usr/share/doc/libtasn1-doc/libtasn1.pdf").arrayBuffer());
      const { cookie, path } = await pdfDocument("libtasn1.pdf", bytes);
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie);
      const answers: { status: number; bytes: number }[] = [];
      page.on("response", async (response) => {
        if (!response.url().includes("/api/files/get-doc-version/")) return;
        const length = Number(response.headers()["content-length"] ?? 0);
        answers.push({ status: response.status(), bytes: response.status() === 206 ? length : 0 });
      });
      await page.goto(path);
      await rendered(page, 1);
      const ranges = answers.filter((a) => a.status === 206);
      const read = ranges.reduce((sum, a) => sum + a.bytes, 0);
      console.log(`libtasn1.pdf, ${bytes.length} bytes: first page after ${ranges.length} ranges, ${read} bytes`);
      expect(ranges.length).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(bytes.length);
      expect((await page.getByRole("toolbar", { name: "PDF tools" }).locator('.pdfv__pageno span[aria-hidden="true"]').textContent())?.trim()).toBe("/ 36");
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the drive uses the same viewer", () => {
  test(
    "a PDF shared from the drive opens for a signed-out visitor with the toolbar and a searchable text layer",
    async () => {
      const owner = await suite.plexus.newUser();
      const cookie = await apiSignIn(suite.plexus.url, owner.login, owner.password);
      const form = new FormData();
      form.append("file", new File([report() as BlobPart], "Report.pdf"));
      const file = await (await fetch(`${suite.plexus.url}/api/files/save-user-file`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form })).json();
      const [shared] = await apiCall(suite.plexus.url, cookie, "POST", `/files/share?id=${file.id}`);
      const context = await suite.browser.newContext();
      const page = await context.newPage();
      await page.goto(`${suite.plexus.url}/shared-file/${shared.shareToken}`);
      await page.waitForFunction(() => !!document.querySelector('.pdf__page[data-page="1"][data-rendered] .textLayer span'));
      const toolbar = page.getByRole("toolbar", { name: "PDF tools" });
      expect(await toolbar.getByText("/ 6").isVisible()).toBe(true);
      await page.getByRole("searchbox", { name: "Search in the PDF" }).fill("pier");
      await page.waitForFunction(() => document.querySelector(".pdfv__count")?.textContent === "1 of 3");
      await context.close();
    },
    TIMEOUT,
  );
});
