import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { makeDocx } from "../src/lib/sample-documents";
import { factories } from "../src/testing/factories";
import type { TestApp } from "../src/testing/harness";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite } from "./setup";

// Split screen (/split-screen?dataId&secondDataId) in Debian's chromium against the built server: the document
// page's button opens it, a document beside a table picked from its related data, an empty side's search,
// an id that is not the reader's, and the stacked layout at 360 px.

const TIMEOUT = 60_000;
const suite = browserSuite();
let serial = 0;

/** A moderator's project with two Word documents and a table related to the first; an item of another project. */
async function scene() {
  const { plexus } = suite;
  const n = ++serial;
  const admin = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  const projectId = (await apiCall(plexus.url, admin, "POST", "/project/create", { name: `Split ${n}` })).id;
  const moderator = await plexus.newUser();
  await apiCall(plexus.url, admin, "POST", "/project/add-user-project", { user: { id: moderator.id }, project: { id: projectId }, moderator: true });
  const cookie = await apiSignIn(plexus.url, moderator.login, moderator.password);
  const upload = async (name: string, heading: string, text: string) => {
    const form = new FormData();
    form.append("file", new File([(await makeDocx(heading, [{ heading, paragraphs: [text] }])) as BlobPart], name));
    const staged = await (await fetch(`${plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form })).json();
    const [saved] = await apiCall(plexus.url, cookie, "POST", `/docs/save-all/${projectId}`, [{ path: staged[0].path, provider: "Survey office" }]);
    return saved.id as number;
  };
  const survey = await upload("bridge-survey.docx", "Bridge survey", "Corrosion on pier three.");
  const notes = await upload("inspection-notes.docx", "Inspection notes", "Bearings were replaced in spring.");
  const f = factories({ db: plexus.db } as TestApp);
  const table = f.table(projectId, { name: "Pier loads", headers: ["Pier", "Load"], rows: [["Pier 3", 12.5], ["Pier 4", 9]], owner: moderator });
  await apiCall(plexus.url, cookie, "GET", `/relations-data/add?idNode=${survey}&id=${table.id}`);
  const foreign = f.dataItem(f.project(`Other ${n}`).id, { dataType: "REPORT", name: `Foreign secret ${n}` });
  return { cookie, projectId, survey, notes, table, foreign };
}

const pane = (page: Page, n: 0 | 1) => page.locator(`[data-side="${n}"]`);

describe("split screen", () => {
  test(
    "the document page's button opens it; the second side opens the table related to the document with one click",
    async () => {
      const { cookie, projectId, survey, table } = await scene();
      const { page } = await suite.pageAs(cookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/doc/${survey}`);
      await page.getByRole("link", { name: "Split screen" }).click();
      await page.waitForURL(`**/split-screen?dataId=${survey}`);
      const first = pane(page, 0);
      await first.locator("[data-docx-body]").getByText("Corrosion on pier three.").waitFor();
      expect(await first.getByRole("heading", { level: 2 }).textContent()).toBe("bridge-survey.docx");

      const second = pane(page, 1);
      const related = second.getByRole("list", { name: "Related to bridge-survey.docx" });
      await related.getByRole("button", { name: /Pier loads/ }).click();
      await second.getByText("Pier 3").first().waitFor();
      expect(new URL(page.url()).searchParams.get("secondDataId")).toBe(String(table.id));
      // Both are there side by side, half and half.
      const [a, b] = [await first.boundingBox(), await second.boundingBox()];
      expect(Math.abs(a!.width - b!.width)).toBeLessThan(2);
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      // The address opens the same two again.
      await page.reload();
      await pane(page, 1).getByText("Pier 3").first().waitFor();
      await pane(page, 0).locator("[data-docx-body]").getByText("Corrosion on pier three.").waitFor();
    },
    TIMEOUT,
  );

  test(
    "an emptied side searches the project and opens what it finds; 'Open document' lists the documents",
    async () => {
      const { cookie, survey, table } = await scene();
      const { page } = await suite.pageAs(cookie);
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${survey}&secondDataId=${table.id}`);
      const second = pane(page, 1);
      await second.getByText("Pier 3").first().waitFor();
      await second.getByRole("button", { name: "Close Pier loads in this viewer" }).click();
      await second.getByRole("searchbox", { name: "Search data" }).fill("inspection");
      await second.getByRole("button", { name: "Search data" }).click();
      await second.getByRole("list", { name: "Found data" }).getByRole("button", { name: /inspection-notes/ }).click();
      await second.locator("[data-docx-body]").getByText("Bearings were replaced in spring.").waitFor();
      expect(new URL(page.url()).searchParams.get("secondDataId")).not.toBe(String(table.id));

      await second.getByRole("button", { name: /^Close inspection-notes/ }).click();
      await second.getByRole("button", { name: "Open document" }).click();
      const documents = second.getByRole("list", { name: "Found data" });
      await documents.getByRole("button", { name: /bridge-survey/ }).waitFor();
      expect(await documents.getByRole("button").count()).toBe(2);
    },
    TIMEOUT,
  );

  test(
    "an id of another project or no number leaves that side empty with one message and nothing of the item",
    async () => {
      const { cookie, survey, foreign } = await scene();
      const { page } = await suite.pageAs(cookie);
      const message = "This data does not exist or you have no access to it.";
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${survey}&secondDataId=${foreign.id}`);
      await pane(page, 1).getByText(message).waitFor();
      await pane(page, 1).getByRole("searchbox", { name: "Search data" }).waitFor();
      expect(await page.content()).not.toContain(foreign.name);
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${survey}&secondDataId=12abc`);
      await pane(page, 1).getByText(message).waitFor();
      await pane(page, 0).locator("[data-docx-body]").getByText("Corrosion on pier three.").waitFor();
    },
    TIMEOUT,
  );

  test(
    "at 360 px the two viewers are stacked, each the full width",
    async () => {
      const { cookie, survey, table } = await scene();
      const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${survey}&secondDataId=${table.id}`);
      await pane(page, 0).locator("[data-docx-body]").getByText("Corrosion on pier three.").waitFor();
      await pane(page, 1).getByText("Pier 3").first().waitFor();
      const [a, b] = [await pane(page, 0).boundingBox(), await pane(page, 1).boundingBox()];
      expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height);
      expect(Math.abs(a!.width - b!.width)).toBeLessThan(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    TIMEOUT,
  );
});
