import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, apiSignIn, browserSuite, islandsHydrated, projectWithModerator } from "./setup";
import { axeOn } from "./axe";

// The wiki as a knowledge base, in chromium against the built server: pictures picked and pasted into a project's
// space with their descriptions, seen by its members and nobody else; a table grown and trimmed from the toolbar; the
// table of contents of a long article; and an edit conflict merged part by part with a change summary.

const TIMEOUT = 90_000;
const suite = browserSuite();

/** A small PNG drawn by the page's own canvas, as bytes (for the file picker). */
const drawnPng = (page: Page, colour: string) =>
  page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(40, 30);
    const context = canvas.getContext("2d")!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 40, 30);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer())];
  }, colour);

/** Pastes a PNG drawn on a canvas into the editor, as a screenshot pasted from the clipboard arrives. */
const pastePicture = (page: Page) =>
  page.evaluate(async () => {
    const canvas = new OffscreenCanvas(20, 20);
    canvas.getContext("2d")!.fillRect(0, 0, 20, 20);
    const data = new DataTransfer();
    data.items.add(new File([await canvas.convertToBlob({ type: "image/png" })], "image.png", { type: "image/png" }));
    document.querySelector(".ProseMirror")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });

const content = (page: Page) => page.getByRole("textbox", { name: "Content" });

/** axe's critical and serious findings on the page as it is. */
const serious = async (page: Page) =>
  (await axeOn(page).analyze()).violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

describe("the wiki as a knowledge base", () => {
  test(
    "a project's moderator writes in its space with a picked and a pasted picture, described or decorative; members see them, others do not",
    async () => {
      const scene = await projectWithModerator(suite.plexus, "Bridge 7");
      const { page } = await suite.pageAs(scene.moderatorCookie);
      await page.goto(`${suite.plexus.url}/wiki`);
      await islandsHydrated(page);
      await page.getByRole("button", { name: "New article" }).click();
      await page.getByLabel("Where").selectOption({ label: "Project «Bridge 7»: its members read it" });
      await page.getByRole("textbox", { name: "Title", exact: true }).fill("Pour of slab 3");
      await content(page).click();
      await page.keyboard.type("The pour went well.");

      // Picked: the description is required unless the picture is marked decorative.
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Insert a picture" }).click();
      await (await chooser).setFiles({ name: "slab.png", mimeType: "image/png", buffer: Buffer.from(await drawnPng(page, "#3949ab")) });
      const dialog = page.getByRole("dialog", { name: "Describe the picture" });
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Describe the picture, or mark it decorative").waitFor();
      expect(await serious(page)).toEqual([]);
      await dialog.getByLabel("Description (alternative text)").fill("Slab 3 just after the pour");
      await dialog.getByRole("button", { name: "Save" }).click();
      await content(page).locator('img[alt="Slab 3 just after the pour"]').waitFor();

      // Pasted: marked decorative, then described after all with the description tool.
      await content(page).press("End");
      await pastePicture(page);
      await dialog.getByLabel("Decorative: it adds nothing to the text, so it has no description").check();
      await dialog.getByRole("button", { name: "Save" }).click();
      await content(page).locator('img[alt=""]').waitFor();
      // The description tool works on a selected picture only.
      await content(page).getByText("The pour went well.").click();
      expect(await page.getByRole("button", { name: "Describe the picture" }).getAttribute("aria-disabled")).toBe("true");
      await content(page).locator('img[alt=""]').click();
      expect(await page.getByRole("button", { name: "Describe the picture" }).getAttribute("aria-disabled")).toBe("false");
      await page.getByRole("button", { name: "Describe the picture" }).click();
      expect(await dialog.getByLabel("Decorative: it adds nothing to the text, so it has no description").isChecked()).toBe(true);
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await page.getByLabel("Change summary (optional)").fill("Photos of the pour");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/wiki\/\d+$/);
      const articleId = Number(page.url().split("/").pop());
      await page.getByText("In the wiki of project «Bridge 7»").waitFor();
      const pictures = page.locator("#wiki-article-content img");
      expect(await pictures.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).alt))).toEqual(["Slab 3 just after the pour", ""]);
      const src = (await pictures.first().getAttribute("src"))!;
      expect(src).toMatch(/^\/api\/article\/picture\/\d+$/);

      // A member reads the article and its pictures load; someone outside the project gets 404 for both.
      const member = await suite.pageAs(scene.readerCookie);
      await member.page.goto(`${suite.plexus.url}/wiki/${articleId}`);
      await member.page.getByRole("heading", { level: 1, name: "Pour of slab 3" }).waitFor();
      await member.page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("#wiki-article-content img")].every((img) => img.complete && img.naturalWidth > 0));
      expect(await member.page.getByRole("button", { name: "Edit" }).count()).toBe(0);
      const outsider = await suite.plexus.newUser();
      const outsiderCookie = await apiSignIn(suite.plexus.url, outsider.login, outsider.password);
      expect((await fetch(`${suite.plexus.url}${src}`, { headers: { cookie: outsiderCookie } })).status).toBe(404);
      expect((await fetch(`${suite.plexus.url}${src}`, { headers: { cookie: scene.readerCookie } })).status).toBe(200);
      const history = await apiCall(suite.plexus.url, scene.readerCookie, "GET", `/article/get-all-versions/${articleId}`);
      expect(history[0].summary).toBe("Photos of the pour");
    },
    TIMEOUT,
  );

  test(
    "a table grows by a row and two columns and loses the cursor's column from the toolbar, whose table tools wait until the cursor is in a table",
    async () => {
      const scene = await projectWithModerator(suite.plexus, "Tables");
      const { page } = await suite.pageAs(scene.adminCookie);
      const saved = await apiCall(suite.plexus.url, scene.adminCookie, "POST", "/article/save", { title: "Mix table", content: "<p>Mixes:</p>" });
      await page.goto(`${suite.plexus.url}/wiki/${saved.article.id}`);
      await islandsHydrated(page);
      await page.getByRole("button", { name: "Edit" }).click();
      for (const name of ["Add a row below", "Remove the column", "Remove the table"]) expect(await page.getByRole("button", { name }).getAttribute("aria-disabled")).toBe("true");
      await content(page).click();
      await page.keyboard.press("Control+End");
      await page.getByRole("button", { name: "Table", exact: true }).click();
      // Tiptap hands the focus back to the text a frame later; keys typed before then go to the button.
      await page.waitForFunction(() => document.activeElement?.closest(".ProseMirror") !== null);
      await page.keyboard.type("Grade");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Ratio");
      await page.getByRole("button", { name: "Add a row below", disabled: false }).waitFor();
      await page.getByRole("button", { name: "Add a row below" }).click();
      await page.getByRole("button", { name: "Add a column to the right" }).click();
      await page.getByRole("button", { name: "Add a column to the right" }).click();
      await page.getByRole("button", { name: "Remove the column" }).click();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator("#snackbar", { hasText: "The article is saved" }).waitFor();
      const rows = page.locator("#wiki-article-content table tr");
      expect(await rows.count()).toBe(4);
      expect(await rows.first().locator("th").count()).toBe(4);
      // Two columns added after «Ratio», then the cursor's column («Ratio») removed.
      expect(await rows.first().locator("th").allTextContents()).toEqual(["Grade", "", "", ""]);
    },
    TIMEOUT,
  );

  test(
    "a long article shows a table of contents, drawn on the server, whose links reach its sections",
    async () => {
      const scene = await projectWithModerator(suite.plexus, "Handbook");
      const filler = "<p>Words that make the article long enough to scroll. </p>".repeat(12);
      const saved = await apiCall(suite.plexus.url, scene.adminCookie, "POST", "/article/save", {
        title: "Site handbook",
        content: `<p>Intro</p><h2>Access</h2>${filler}<h3>Gates &amp; keys</h3>${filler}<h2>Safety</h2>${filler}<h4>First aid</h4>${filler}`,
      });
      const html = await (await fetch(`${suite.plexus.url}/wiki/${saved.article.id}`, { headers: { cookie: scene.readerCookie } })).text();
      expect(html).toContain('id="wiki-toc"');
      const { page } = await suite.pageAs(scene.readerCookie);
      await page.goto(`${suite.plexus.url}/wiki/${saved.article.id}`);
      const toc = page.getByRole("navigation", { name: "Contents" });
      expect(await toc.getByRole("link").allTextContents()).toEqual(["Access", "Gates & keys", "Safety", "First aid"]);
      await toc.getByRole("link", { name: "Safety" }).click();
      await page.waitForURL(/#wiki-section-3$/);
      expect(await page.getByRole("heading", { name: "Safety", exact: true }).evaluate((heading) => heading.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      const short = await apiCall(suite.plexus.url, scene.adminCookie, "POST", "/article/save", { title: "Short", content: "<h2>Only</h2><p>one heading</p>" });
      await page.goto(`${suite.plexus.url}/wiki/${short.article.id}`);
      expect(await page.locator("#wiki-toc").count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "two editors at once: the later save shows the other version beside its own, merges part by part and saves with a summary, nothing typed lost",
    async () => {
      const scene = await projectWithModerator(suite.plexus, "Conflict");
      const saved = await apiCall(suite.plexus.url, scene.moderatorCookie, "POST", "/article/save", {
        title: "Pour plan",
        content: "<p>Mix 1:2:3.</p><p>Pump at 8:00.</p><p>Cure 7 days.</p>",
        projectId: scene.projectId,
      });
      const id = saved.article.id;
      const { page } = await suite.pageAs(scene.moderatorCookie);
      await page.goto(`${suite.plexus.url}/wiki/${id}`);
      await islandsHydrated(page);
      await page.getByRole("button", { name: "Edit" }).click();
      await content(page).getByText("Cure 7 days.").click();
      await page.keyboard.press("End");
      await page.keyboard.type(" Keep it covered.");

      // Meanwhile the administrator saves a change of the first paragraph.
      await apiCall(suite.plexus.url, scene.adminCookie, "POST", `/article/add-new-version/${id}`, {
        title: "Pour plan",
        content: "<p>Mix 1:2:4.</p><p>Pump at 8:00.</p><p>Cure 7 days.</p>",
        baseVersion: 1,
      });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const merge = page.getByRole("region", { name: "Someone saved meanwhile" });
      await merge.waitFor();
      expect(await content(page).textContent()).toContain("Keep it covered.");
      const parts = merge.getByRole("radiogroup");
      expect(await parts.count()).toBe(2);
      expect(await parts.nth(0).getByRole("radio", { name: "Keep theirs" }).isChecked()).toBe(true);
      expect(await parts.nth(1).getByRole("radio", { name: "Keep yours" }).isChecked()).toBe(true);
      expect(await merge.locator(".wiki__side").first().textContent()).toContain("Mix 1:2:4.");
      expect(await serious(page)).toEqual([]);
      await merge.getByRole("button", { name: "Edit the merged text" }).click();
      await merge.waitFor({ state: "detached" });
      expect(await content(page).textContent()).toBe("Mix 1:2:4.Pump at 8:00.Cure 7 days. Keep it covered.");
      await page.getByLabel("Change summary (optional)").fill("Covered curing, merged with the new mix");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator("#snackbar", { hasText: "The article is saved" }).waitFor();
      expect(await page.locator("#wiki-article-content").textContent()).toBe("Mix 1:2:4.Pump at 8:00.Cure 7 days. Keep it covered.");
      await page.getByRole("link", { name: "History" }).click();
      await page.getByRole("cell", { name: "Covered curing, merged with the new mix" }).waitFor();
      expect(await page.locator(".wiki__history tbody tr").count()).toBe(3);
    },
    TIMEOUT,
  );
});
