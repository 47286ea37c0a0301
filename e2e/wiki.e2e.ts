import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { initialScripts, scriptsFrom } from "../src/testing/script-size";
import { apiCall, apiSignIn, browserSuite, signedInPage, islandsHydrated } from "./setup";
import { axeOn } from "./axe";

// The knowledge base as people meet it in Debian's chromium against the built server: nesting articles,
// editing with Tiptap, the history, comparing any two versions, restoring one, moving and deleting, what a
// reader may not do, the page's script budget until Edit is pressed, and 360 px.

const TIMEOUT = 90_000;
const JS_BUDGET_GZIP = 50 * 1024;

const suite = browserSuite();

/** A new user of `role` with a signed-in page (and the cookie, for seeding through the API). */
async function person(role: "USER" | "MODERATOR" | "ADMIN", options: Parameters<typeof signedInPage>[3] = {}) {
  const { makeUser } = await import("../src/testing/harness");
  const user = await makeUser(suite.plexus.db, role);
  const cookie = await apiSignIn(suite.plexus.url, user.login, user.password);
  const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie, options);
  return { user, cookie, page, context };
}

type Seed = { article: { id: number }; version: number };
const seed = (cookie: string, title: string, content: string, parentId?: number) =>
  apiCall<Seed>(suite.plexus.url, cookie, "POST", "/article/save", { title, content, parentId });

/** Types into the Tiptap area after selecting everything in it. */
async function replaceContent(page: Page, text: string) {
  const area = page.getByRole("textbox", { name: "Content" });
  await area.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
}

async function editAndSave(page: Page, text: string) {
  await page.getByRole("button", { name: "Edit" }).click();
  await replaceContent(page, text);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.locator("#snackbar", { hasText: "The article is saved" }).waitFor();
}

describe("the wiki", () => {
  test(
    "a moderator nests three articles, edits one twice, compares version 1 with version 3 and restores version 1",
    async () => {
      const { page, context } = await person("MODERATOR");
      await page.goto(`${suite.plexus.url}/`);
      await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Knowledge base" }).click();
      await page.waitForURL(/\/wiki$/);

      // Three articles, each made under the one before: New article, then New sub-article twice.
      await page.getByRole("button", { name: "New article" }).click();
      await page.getByRole("textbox", { name: "Title", exact: true }).fill("Handbook");
      await replaceContent(page, "Welcome to the team.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/wiki\/\d+$/);
      await page.getByRole("heading", { level: 1, name: "Handbook" }).waitFor();
      for (const title of ["Onboarding", "First week"]) {
        await page.getByRole("button", { name: "New sub-article" }).click();
        await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
        await replaceContent(page, `${title} notes.`);
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByRole("heading", { level: 1, name: title }).waitFor();
      }
      const tree = page.locator("#wiki-tree");
      expect(await tree.locator(":scope > ul > li > a").allTextContents()).toContain("Handbook");
      expect(await tree.locator("li:has(> a:text-is('Handbook')) > ul > li:has(> a:text-is('Onboarding')) > ul > li > a").textContent()).toBe("First week");
      await expect(page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link").allTextContents()).resolves.toEqual(["Knowledge base", "Handbook", "Onboarding"]);

      // Two edits of «First week», with formatting from the toolbar on the second.
      await editAndSave(page, "Meet the team on Monday.");
      await page.getByRole("button", { name: "Edit" }).click();
      await replaceContent(page, "Meet the team on Tuesday. ");
      await page.getByRole("button", { name: "Bold" }).click();
      // Tiptap hands the focus back to the text a frame later; keys typed before then go to the button.
      await page.waitForFunction(() => document.activeElement?.closest(".ProseMirror") !== null);
      await page.keyboard.type("Bring a laptop.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator("#snackbar", { hasText: "The article is saved" }).waitFor();
      expect((await page.locator("#wiki-article-content strong").textContent())?.trim()).toBe("Bring a laptop.");
      expect(await page.locator(".wiki__byline").textContent()).toContain("Version 3");

      // History: choose versions 1 and 3 and compare them side by side, then inline.
      await page.getByRole("link", { name: "History" }).click();
      await page.getByRole("heading", { level: 1, name: "History of «First week»" }).waitFor();
      expect(await page.locator(".wiki__history tbody tr").count()).toBe(3);
      await page.getByRole("radio", { name: "Old: Version 1" }).check();
      await page.getByRole("radio", { name: "New: Version 3" }).check();
      await page.getByRole("button", { name: "Compare" }).click();
      await page.getByRole("heading", { level: 1, name: "Version 1 compared with version 3" }).waitFor();
      expect((await page.locator("#wiki-diff-before del").allTextContents()).join(" ")).toBe("First week notes");
      expect((await page.locator("#wiki-diff-after").textContent())?.replace(/\s+/g, " ")).toBe("Meet the team on Tuesday. Bring a laptop.");
      expect(await page.locator("#wiki-diff-before").textContent()).toBe("First week notes.");
      expect(await page.locator("#wiki-diff-before ins").count()).toBe(0);
      await page.getByRole("link", { name: "Inline" }).click();
      await page.locator("#wiki-diff-inline").waitFor();
      expect((await page.locator("#wiki-diff-inline del").allTextContents()).join(" ")).toBe("First week notes");
      expect(await page.locator("#wiki-diff-inline ins").count()).toBeGreaterThan(0);

      // Restore version 1: open it from the history, restore, and it is version 4 with the first words.
      await page.getByRole("link", { name: "History" }).first().click();
      await page.getByRole("link", { name: "Version 1", exact: true }).click();
      await page.getByText("This is version 1; the article is at version 3 now.").waitFor();
      await page.getByRole("button", { name: "Restore this version" }).click();
      await page.locator("#snackbar", { hasText: "Version 1 is restored as version 4" }).waitFor();
      expect(await page.locator("#wiki-article-content").textContent()).toBe("First week notes.");
      expect(page.url()).toMatch(/\/wiki\/\d+$/);
      expect(await page.locator(".wiki__byline").textContent()).toContain("Version 4");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the tree opens and closes with the mouse and the keyboard; moving refuses an article's own branch; an administrator deletes and the children move up",
    async () => {
      const { page, cookie, context } = await person("ADMIN");
      const top = await seed(cookie, "Tree top", "<p>top</p>");
      const middle = await seed(cookie, "Tree middle", "<p>middle</p>", top.article.id);
      const leaf = await seed(cookie, "Tree leaf", "<p>leaf</p>", middle.article.id);
      await page.goto(`${suite.plexus.url}/wiki`);
      const branch = page.locator("#wiki-tree li", { has: page.locator(":scope > a", { hasText: "Tree top" }) });
      const toggle = branch.locator(":scope > .wtree__toggle");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await page.getByRole("link", { name: "Tree middle" }).waitFor({ state: "hidden" });
      await toggle.click();
      await page.getByRole("link", { name: "Tree middle" }).waitFor();
      // Keyboard: Right opens «Tree middle», Down reaches its leaf, Left twice goes back up and closes.
      await page.getByRole("link", { name: "Tree middle" }).focus();
      await page.keyboard.press("ArrowRight");
      await page.getByRole("link", { name: "Tree leaf" }).waitFor();
      await page.keyboard.press("ArrowDown");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Tree leaf");
      await page.keyboard.press("ArrowLeft");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Tree middle");
      await page.keyboard.press("ArrowLeft");
      await page.getByRole("link", { name: "Tree leaf" }).waitFor({ state: "hidden" });
      await page.keyboard.press("Enter");
      await page.waitForURL(`${suite.plexus.url}/wiki/${middle.article.id}`);

      // Move «Tree middle»: its own leaf is no candidate; to the top level it goes.
      await page.getByRole("button", { name: "Move" }).click();
      const dialog = page.getByRole("dialog", { name: "Move «Tree middle»" });
      await dialog.getByLabel("Find the new parent by title").fill("tree");
      await dialog.getByRole("radio", { name: "Tree top" }).waitFor();
      expect(await dialog.getByRole("radio", { name: "Tree leaf" }).count()).toBe(0);
      await dialog.getByRole("radio", { name: "Top level (no parent)" }).check();
      await dialog.getByRole("button", { name: "Move" }).click();
      await page.locator("#snackbar", { hasText: "The article is moved" }).waitFor();
      expect(await page.locator("#wiki-tree > ul > li > a").allTextContents()).toEqual(expect.arrayContaining(["Tree top", "Tree middle"]));
      await apiCall(suite.plexus.url, cookie, "GET", `/article/set-parent?parentId=${top.article.id}&childId=${middle.article.id}`);

      // Delete «Tree middle»: the dialog says the children stay; the leaf is under «Tree top» now.
      await page.reload();
      await islandsHydrated(page);
      await page.getByRole("button", { name: "Delete" }).click();
      await page.getByText("Its sub-articles are kept: they move up into its place.").waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.waitForURL(`${suite.plexus.url}/wiki/${top.article.id}`);
      await page.locator("#snackbar", { hasText: "The article is deleted" }).waitFor();
      expect(await page.locator("#wiki-tree li:has(> a:text-is('Tree top')) > ul > li > a").allTextContents()).toEqual(["Tree leaf"]);
      expect((await fetch(`${suite.plexus.url}/wiki/${leaf.article.id}`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a reader reads, with no editing buttons; a script saved in an article never runs; the page ships at most 50 KB of JS until Edit",
    async () => {
      const writer = await person("MODERATOR");
      const saved = await seed(writer.cookie, "Safety", '<p>Safe <img src="x" onerror="window.hacked=1">text</p><script>window.hacked=2</script>');
      const reader = await person("USER");
      let dialogs = 0;
      reader.page.on("dialog", () => dialogs++);
      await reader.page.goto(`${suite.plexus.url}/wiki/${saved.article.id}`);
      await reader.page.getByRole("heading", { level: 1, name: "Safety" }).waitFor();
      expect(await reader.page.locator("#wiki-article-content").innerHTML()).toBe('<p>Safe <img src="x">text</p>');
      expect(await reader.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      expect(dialogs).toBe(0);
      for (const name of ["Edit", "New sub-article", "Move", "Delete", "New article"]) expect(await reader.page.getByRole("button", { name }).count()).toBe(0);
      expect(await reader.page.getByRole("link", { name: "History" }).count()).toBe(1);

      const { gzipped, modules } = await initialScripts(suite.plexus.url, `/wiki/${saved.article.id}`, writer.cookie);
      console.log(`wiki article page: ${modules.size} modules, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
      expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_GZIP);
      expect([...modules.values()].some((m) => m.text.includes("tiptap") || m.text.includes("ProseMirror"))).toBe(false);
      // The editor's chunk, loaded when Edit is first pressed.
      let editor = 0;
      for (const [url, { text }] of modules) {
        for (const [, dep] of text.matchAll(/import\(\s*[`"']([^`"']*editor[^`"']*)[`"']\s*\)/g)) editor += (await scriptsFrom(url, [dep!])).gzipped;
      }
      console.log(`wiki editor on demand: ${(editor / 1024).toFixed(1)} KB gzipped`);
      expect(editor).toBeGreaterThan(0);
      await Promise.all([writer.context.close(), reader.context.close()]);
    },
    TIMEOUT,
  );

  test(
    "at 360 px: the bottom bar has the knowledge base, the article, its editor and the compare fit the width; the compare is inline unless told",
    async () => {
      const narrow = { viewport: { width: 360, height: 740 } };
      const { page, cookie, context } = await person("MODERATOR", narrow);
      const long = "A fairly long paragraph of words that has to wrap on a phone screen. ".repeat(8);
      const saved = await seed(cookie, "Phone article with a rather long title that wraps", `<p>${long}</p><table><tbody><tr><th>One</th><th>Two</th><th>Three</th><th>Four</th><th>Five</th><th>Six</th></tr></tbody></table>`);
      await apiCall(suite.plexus.url, cookie, "POST", `/article/add-new-version/${saved.article.id}`, { title: "Phone article", content: `<p>${long} More.</p>` });
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(`${suite.plexus.url}/wiki/${saved.article.id}`);
      expect(await page.locator(".bottombar").getByRole("link", { name: "Knowledge base" }).isVisible()).toBe(true);
      expect(await width()).toBeLessThanOrEqual(360);
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByRole("textbox", { name: "Content" }).waitFor();
      expect(await width()).toBeLessThanOrEqual(360);
      for (const path of [`/wiki/${saved.article.id}/history`, `/wiki/${saved.article.id}/compare?from=1&to=2`, `/wiki/${saved.article.id}/compare?from=2&to=1&view=inline`, "/wiki"]) {
        await page.goto(`${suite.plexus.url}${path}`);
        expect([path, await width()]).toEqual([path, 360]);
      }
      // A compare with no view chosen is inline on a phone, from the first paint; a chosen view stays chosen.
      const compare = `${suite.plexus.url}/wiki/${saved.article.id}/compare?from=1&to=2`;
      const shown = async () => ({
        inline: await page.locator("#wiki-diff-inline").isVisible(),
        side: await page.locator("#wiki-diff-before").isVisible(),
        current: await page.getByRole("link", { name: /Inline|Side by side/ }).and(page.locator("[aria-current=page]")).allTextContents(),
      });
      await page.goto(compare, { waitUntil: "commit" });
      await page.locator("#wiki-diff-inline").waitFor({ state: "attached" });
      expect(await shown()).toEqual({ inline: true, side: false, current: ["Inline"] });
      await page.getByRole("link", { name: "Side by side" }).click();
      await page.locator("#wiki-diff-before").waitFor();
      expect(await shown()).toEqual({ inline: false, side: true, current: ["Side by side"] });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(compare);
      expect(await shown()).toEqual({ inline: false, side: true, current: ["Side by side"] });
      await context.close();
    },
    TIMEOUT,
  );
  test(
    "axe finds nothing serious in the article's editor and its move dialog, at 1280 and 360 px (the pages themselves are in the a11y walk over every page)",
    async () => {
      for (const width of [1280, 360]) {
        const { page, cookie, context } = await person("ADMIN", { viewport: { width, height: 800 } });
        const parent = await seed(cookie, `Axe parent ${width}`, "<p>Parent</p>");
        const saved = await seed(cookie, `Axe ${width}`, "<h2>Part</h2><p>Words <a href=\"https://example.test/\">link</a></p><ul><li>one</li></ul>", parent.article.id);
        const serious = async (what: string) => {
          const { violations } = await axeOn(page).analyze();
          return [what, violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)];
        };
        await page.goto(`${suite.plexus.url}/wiki/${saved.article.id}`);
        await page.getByRole("button", { name: "Edit" }).click();
        await page.getByRole("textbox", { name: "Content" }).waitFor();
        expect(await serious(`${width} editor`)).toEqual([`${width} editor`, []]);
        // Cancel puts the article back and the focus on Edit.
        await page.getByRole("button", { name: "Cancel" }).click();
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Edit");
        await page.getByRole("button", { name: "Move" }).click();
        await page.getByRole("dialog").getByRole("radio", { name: `Axe parent ${width}` }).waitFor();
        expect(await serious(`${width} move`)).toEqual([`${width} move`, []]);
        await context.close();
      }
    },
    2 * TIMEOUT,
  );
});
