import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// The map object's card as its asset page: a moderator attaches a new PDF document through the document dialog and
// opens it from the object in the document viewer; links a table found by name and sees it; a plain reader (at 360 px)
// sees the attachments but no control to attach or remove them, and comments on the object in its chat.

const TIMEOUT = 90_000;
const suite = browserSuite();

/** A project's map with one points layer and one well on it (made through the API). */
async function scene(name: string) {
  const s = await projectWithModerator(suite.plexus, name);
  const { url } = suite.plexus;
  const template = await apiCall<{ id: number; fields: { id: number }[] }>(url, s.adminCookie, "POST", "/layer-poi-template", {
    name: `Well ${name}`,
    graphType: "POINT",
    fields: [{ name: "Title", type: "STRING", partOfName: true }],
  });
  const layer = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Wells", type: "LAYER_POI" });
  await apiCall(url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
  const map = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/map/save", { name: "Wells", project: { id: s.projectId }, layerConfigList: [{ layer: { id: layer.id } }] });
  const object = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/layer-poi/save", {
    layer: { id: layer.id },
    template: { id: template.id },
    geometry: JSON.stringify({ type: "Point", coordinates: [30, 55] }),
    properties: [{ field: { id: template.fields[0]!.id }, value: `North well ${name}` }],
  });
  return { ...s, object, objectName: `North well ${name}`, mapUrl: `${url}/project/${s.projectId}/map/${map.id}?layerPoiId=${object.id}` };
}

/** Opens the map on the object and its details dialog, the object's card. */
async function openCard(page: Page, s: Awaited<ReturnType<typeof scene>>) {
  await page.goto(s.mapUrl);
  await page.locator("#map-selected h3", { hasText: s.objectName }).waitFor();
  await page.locator("#map-selected").getByRole("button", { name: "Details" }).click();
  const card = page.getByRole("dialog", { name: s.objectName });
  await card.getByRole("heading", { name: "Documents and data" }).waitFor();
  return card;
}

describe("attachments on the map object's card", () => {
  test(
    "a moderator makes a PDF document in the document dialog, Save waiting for the conversion, and opens it from the object",
    async () => {
      const s = await scene("Doc");
      const { page } = await suite.pageAs(s.moderatorCookie);
      const card = await openCard(page, s);
      await card.getByRole("button", { name: "New document" }).click();
      const dialog = page.getByRole("dialog", { name: "New document" });
      const save = dialog.getByRole("button", { name: "Save" });
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByLabel("Data source").fill("Survey crew");
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "pump-survey.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["Pump survey", "Depth 12 m."]])) });
      await dialog.getByText("Type: PDF").waitFor();
      await dialog.getByLabel("Keywords, separated by commas").fill("pump, survey");
      await save.click();
      await page.locator("#snackbar").getByText("Document added to the related data").waitFor();
      await card.getByText("Tasks: 0 · Linked data: 1 · Files: 0").waitFor();
      await card.getByRole("button", { name: "pump-survey", exact: true }).click();
      const viewer = page.getByRole("dialog", { name: "pump-survey" });
      await viewer.locator(".pdf__page[data-rendered] canvas").first().waitFor();
      await expect(viewer.getByRole("link", { name: "Open its page" }).getAttribute("href")).resolves.toMatch(new RegExp(`^/project/${s.projectId}/doc/\\d+$`));
    },
    TIMEOUT,
  );

  test(
    "a moderator links a table found by name and sees it in the card and in its viewer",
    async () => {
      const s = await scene("Table");
      const form = new FormData();
      form.append("name", "Well levels");
      form.append("file", new File(["Well,Level\nNorth,12\nSouth,9\n"], "levels.csv"));
      const imported = await fetch(`${suite.plexus.url}/api/table/save-for-project/${s.projectId}`, { method: "POST", headers: { cookie: s.moderatorCookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      expect(imported.status).toBe(200);
      const { page } = await suite.pageAs(s.moderatorCookie);
      const card = await openCard(page, s);
      await card.getByRole("button", { name: "Link data" }).click();
      const dialog = page.getByRole("dialog", { name: "Link data" });
      await dialog.getByLabel("Find data of the project by name").fill("levels");
      await dialog.getByRole("listitem").filter({ hasText: "Well levels" }).getByRole("button", { name: "Attach" }).click();
      await page.locator("#snackbar").getByText("Document added to the related data").waitFor();
      await dialog.getByRole("button", { name: "Attached" }).waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      const row = card.getByRole("listitem").filter({ hasText: "Well levels" });
      await expect(row.textContent()).resolves.toContain("Table");
      await row.getByRole("button", { name: "Well levels", exact: true }).click();
      await page.getByRole("dialog", { name: "Well levels" }).getByText("South").waitFor();
    },
    TIMEOUT,
  );

  test(
    "a plain reader at 360 px sees the document and the file attached, has no control to attach or remove, comments, and opens the file",
    async () => {
      const s = await scene("Reader");
      const { url } = suite.plexus;
      const doc = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/data/save", { project: { id: s.projectId }, dataType: "TABLE", name: "Pump log", value: JSON.stringify({ headers: [], items: [] }) });
      await apiCall(url, s.moderatorCookie, "POST", "/layer-poi/add-attached-data", { lpId: s.object.id, adId: doc.id });
      const upload = new FormData();
      upload.append("file", new File(["Pump replaced in May."], "pump-notes.txt"));
      const sent = await fetch(`${url}/api/files/save-attached-data?lpId=${s.object.id}`, { method: "POST", headers: { cookie: s.moderatorCookie, ...ownPageHeaders(url) }, body: upload });
      expect(sent.status).toBe(200);
      const { page } = await suite.pageAs(s.readerCookie, { viewport: { width: 360, height: 740 } });
      const card = await openCard(page, s);
      await card.getByRole("button", { name: "Pump log", exact: true }).waitFor();
      await card.getByRole("button", { name: "pump-notes.txt", exact: true }).waitFor();
      for (const control of ["Link data", "New document", "Attach a file", "Remove «Pump log»", "Remove «pump-notes.txt»"]) {
        await expect(card.getByRole("button", { name: control }).count()).resolves.toBe(0);
      }
      expect((await card.boundingBox())!.width).toBe(360);
      await card.getByRole("button", { name: "Show comments" }).click();
      const comments = card.locator(".asset__comments .chat-frame");
      await comments.getByLabel("Message", { exact: true }).fill("The lid is cracked");
      await comments.getByLabel("Message", { exact: true }).press("Enter");
      await comments.locator("li[data-message-id]").getByText("The lid is cracked").waitFor();
      await card.getByRole("button", { name: "pump-notes.txt", exact: true }).click();
      await page.getByRole("dialog", { name: "pump-notes.txt" }).getByText("Pump replaced in May.").waitFor();
    },
    TIMEOUT,
  );
});
