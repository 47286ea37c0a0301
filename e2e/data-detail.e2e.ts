import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { initialScripts } from "../src/testing/script-size";
import { apiCall, apiSignIn, launchBrowser, projectWithModerator, signedInPage, startPlexus, type Plexus } from "./setup";

// The generic data detail page (/project/{id}/{type}/{itemId}) for types whose own viewer comes
// later, and the write button of the project users dialog, in Debian's chromium against the built
// server: breadcrumbs, the info panel with linked data, full screen, close, the comments tab, wrong
// paths, the narrow layout, the script budget, and a direct chat started from a user card.

const TIMEOUT = 60_000;
const LIVE = 20_000;
const JS_BUDGET_GZIP = 50 * 1024;

let plexus: Plexus;
let browser: Browser;
let projectId: number;
let tableId: number;
let plainTableId: number;
let docId: number;
let unitId: number;
let moderator: Awaited<ReturnType<Plexus["newUser"]>>;
let moderatorCookie: string;
let readerCookie: string;
let outsiderCookie: string;

const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, cookie, method, path, body);
const emptyTable = JSON.stringify({ headers: [], items: [] });

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  ({ projectId, moderator, moderatorCookie, readerCookie } = await projectWithModerator(plexus, "Borehole survey", { reader: plexus.user }));
  const outsider = await plexus.newUser();
  outsiderCookie = await apiSignIn(plexus.url, outsider.login, outsider.password);

  // A moderator makes the items through the API, as the pages' scripts would.
  const save = (body: Record<string, unknown>) => call<{ id: number }>(moderatorCookie, "POST", "/data/save", { project: { id: projectId }, ...body });
  tableId = (await save({ dataType: "TABLE", name: "Boreholes", value: emptyTable, description: "Depths of the boreholes\nmeasured in May", provider: "Drill crew" })).id;
  plainTableId = (await save({ dataType: "TABLE", name: "Unlinked table", value: emptyTable })).id;
  docId = (await save({ dataType: "DOC", name: "Soil report" })).id;
  unitId = (await save({ dataType: "MODBUS_UNIT", name: "Pump unit", value: "{}" })).id;
  await call(moderatorCookie, "GET", `/relations-data/add?idNode=${tableId}&id=${docId}`);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

const pageAs = (cookie: string, options: Parameters<typeof signedInPage>[3] = {}) => signedInPage(browser, plexus.url, cookie, options);

const itemPath = (type: string, id: number, project = projectId) => `${plexus.url}/project/${project}/${type}/${id}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const isFullScreen = (page: Page) => page.locator("#data-viewer").evaluate((el) => el.classList.contains("is-fullscreen"));

describe("the data detail page as a plain member", () => {
  test(
    "shows breadcrumbs, the table's viewer, the info panel with the description and linked data; info, full screen and close work",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      const response = await page.goto(itemPath("table", tableId));
      expect(response!.status()).toBe(200);
      expect(await page.title()).toContain("Boreholes");

      const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
      expect(await crumbs.getByRole("link").allTextContents()).toEqual(["Borehole survey", "Tables"]);
      expect(await crumbs.getByRole("link", { name: "Borehole survey" }).getAttribute("href")).toBe(`/project/${projectId}/home`);
      expect(await crumbs.getByRole("link", { name: "Tables" }).getAttribute("href")).toBe(`/project/${projectId}/table`);
      expect((await crumbs.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe("Boreholes");

      const stage = page.locator("#viewer-stage");
      // A table has its own viewer now (islands/tables): it replaces the pending notice; this one has no rows.
      await stage.getByText("The table has no rows").waitFor();
      expect(await stage.getByText("The viewer for this type comes in a later version").count()).toBe(0);
      expect(await page.getByRole("tabpanel", { name: "Info" }).getByText(/Depths of the boreholes\s+measured in May/).isVisible()).toBe(true);

      // The side panel opens on its info tab: the item's fields and the linked document.
      const info = page.getByRole("tabpanel", { name: "Info" });
      expect(await info.isVisible()).toBe(true);
      expect(await info.getByText("Drill crew").isVisible()).toBe(true);
      const links = page.getByRole("region", { name: "Linked data" });
      expect(await links.getByRole("link").allTextContents()).toEqual(["Soil report"]);
      expect(await links.getByRole("link", { name: "Soil report" }).getAttribute("href")).toBe(`/project/${projectId}/doc/${docId}`);

      // Info hides and shows the panel.
      const infoButton = page.getByRole("button", { name: "Information" });
      expect(await infoButton.getAttribute("aria-pressed")).toBe("true");
      await infoButton.click();
      expect(await page.locator("#data-side").isVisible()).toBe(false);
      expect(await infoButton.getAttribute("aria-pressed")).toBe("false");
      await infoButton.click();
      expect(await info.isVisible()).toBe(true);
      expect(await infoButton.getAttribute("aria-pressed")).toBe("true");

      // Full screen covers the window; Escape leaves it, and so does the viewer's own exit button.
      const fullButton = page.locator("#fullscreen-toggle");
      await fullButton.click();
      expect(await isFullScreen(page)).toBe(true);
      const box = (await page.locator("#data-viewer").boundingBox())!;
      expect(box.width).toBe(page.viewportSize()!.width);
      expect(box.height).toBe(page.viewportSize()!.height);
      expect(await fullButton.getAttribute("aria-pressed")).toBe("true");
      await page.keyboard.press("Escape");
      expect(await isFullScreen(page)).toBe(false);
      expect(await fullButton.getAttribute("aria-pressed")).toBe("false");
      await fullButton.click();
      await page.locator("#data-viewer [data-exit-fullscreen]").click();
      expect(await isFullScreen(page)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("fullscreen-toggle");

      // The tabs follow the keyboard too.
      await page.getByRole("tab", { name: "Info" }).focus();
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("tab", { name: "Comments" }).getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("ArrowLeft");
      expect(await page.getByRole("tab", { name: "Info" }).getAttribute("aria-selected")).toBe("true");

      await page.getByRole("link", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === `/project/${projectId}/table`);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the comments tab loads the item's chat on demand",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      const scripts: string[] = [];
      page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
      await page.goto(itemPath("table", tableId));
      await page.waitForLoadState("networkidle");
      expect(scripts.filter((path) => /\/panel\.[\w-]+\.js$/.test(path))).toEqual([]);

      await page.getByRole("tab", { name: "Comments" }).click();
      const comments = page.locator("#panel-comments .chat-frame");
      await comments.getByLabel("Message", { exact: true }).waitFor({ timeout: LIVE });
      expect(scripts.some((path) => /\/panel\.[\w-]+\.js$/.test(path))).toBe(true);
      expect(await page.getByRole("tabpanel", { name: "Info" }).isHidden()).toBe(true);
      await comments.getByLabel("Message", { exact: true }).fill("Borehole 7 looks too shallow");
      await comments.getByLabel("Message", { exact: true }).press("Enter");
      await comments.locator("li[data-message-id]").getByText("Borehole 7 looks too shallow").waitFor({ timeout: LIVE });

      // Info brings the info tab back.
      await page.getByRole("button", { name: "Information" }).click();
      expect(await page.getByRole("tabpanel", { name: "Info" }).isVisible()).toBe(true);
      expect(await page.locator("#panel-comments").isHidden()).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "linked data shows to a plain member only when some exist, to a moderator always",
    async () => {
      const reader = await pageAs(readerCookie);
      await reader.page.goto(itemPath("table", plainTableId));
      expect((await reader.page.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe("Unlinked table");
      expect(await reader.page.locator("#data-links").count()).toBe(0);
      await reader.context.close();

      const mod = await pageAs(moderatorCookie);
      await mod.page.goto(itemPath("table", plainTableId));
      const links = mod.page.getByRole("region", { name: "Linked data" });
      expect(await links.getByText("No linked data yet.").isVisible()).toBe(true);
      await mod.context.close();
    },
    TIMEOUT,
  );
});

describe("paths", () => {
  test(
    "an unknown type or item is the 404 page; a wrong type, case or project goes to the item's own page; the document page keeps its route",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      const nonsense = await page.goto(`${plexus.url}/project/${projectId}/nonsense/1`);
      expect(nonsense!.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      expect((await page.goto(itemPath("table", 999_999)))!.status()).toBe(404);
      expect((await page.goto(itemPath("table", 0)))!.status()).toBe(404);

      await page.goto(itemPath("chart", tableId));
      expect(pathOf(page)).toBe(`/project/${projectId}/table/${tableId}`);
      await page.goto(itemPath("TABLE", tableId));
      expect(pathOf(page)).toBe(`/project/${projectId}/table/${tableId}`);
      await page.goto(itemPath("table", docId));
      expect(pathOf(page)).toBe(`/project/${projectId}/doc/${docId}`);
      expect(await page.getByRole("tab", { name: "Versions" }).isVisible()).toBe(true);
      // The document route sends another type to that type's own page, MODBUS_UNIT as modbus-unit.
      await page.goto(itemPath("doc", unitId));
      expect(pathOf(page)).toBe(`/project/${projectId}/modbus-unit/${unitId}`);
      expect(await page.getByRole("heading", { level: 1, name: "Pump unit" }).isVisible()).toBe(true);

      // Another project's path, and a project this person cannot see.
      const otherCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const otherId = (await call(otherCookie, "POST", "/project/create", { name: "Elsewhere" })).id;
      await call(otherCookie, "POST", "/project/add-user-project", { user: { id: plexus.user.id }, project: { id: otherId } });
      await page.goto(itemPath("table", tableId, otherId));
      expect(pathOf(page)).toBe(`/project/${projectId}/table/${tableId}`);
      await page.goto(itemPath("table", tableId, 999_999));
      expect(pathOf(page)).toBe("/");
      await context.close();

      const outsider = await pageAs(outsiderCookie);
      await outsider.page.goto(itemPath("table", tableId));
      expect(pathOf(outsider.page)).toBe("/");
      await outsider.context.close();
    },
    TIMEOUT,
  );
});

describe("the page itself", () => {
  test(
    "works at 360 px with the side panel below the viewer; the script stays in budget",
    async () => {
      const { page, context } = await pageAs(readerCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(itemPath("table", tableId));
      const viewer = (await page.locator("#data-viewer").boundingBox())!;
      const side = (await page.locator("#data-side").boundingBox())!;
      expect(side.y).toBeGreaterThanOrEqual(viewer.y + viewer.height);
      expect(Math.round(side.width)).toBe(Math.round(viewer.width));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.locator("#fullscreen-toggle").click();
      const box = (await page.locator("#data-viewer").boundingBox())!;
      expect(box.width).toBe(360);
      await page.keyboard.press("Escape");
      expect(await isFullScreen(page)).toBe(false);
      await context.close();

      const { gzipped, modules: seen } = await initialScripts(plexus.url, itemPath("table", tableId).replace(plexus.url, ""), readerCookie);
      console.log(`data detail page: ${seen.size} modules, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
      expect(seen.size).toBeGreaterThan(0);
      expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    },
    TIMEOUT,
  );
});

describe("on a phone", () => {
  test(
    "the tools sit below the breadcrumbs, and a long name is shown whole on the page and in the list",
    async () => {
      const name = "Borehole depths of the northern embankment measured weekly in May and June";
      const longId = (await call<{ id: number }>(moderatorCookie, "POST", "/data/save", { project: { id: projectId }, dataType: "TABLE", name, value: emptyTable })).id;
      const { page, context } = await pageAs(readerCookie, { viewport: { width: 360, height: 740 } });
      const whole = (selector: string) => page.locator(selector).first().evaluate((el) => [el.textContent?.trim(), el.scrollWidth <= el.clientWidth, el.getBoundingClientRect().height]);
      await page.goto(itemPath("table", longId));
      const crumbs = (await page.locator(".docv__crumbs").boundingBox())!;
      const tools = (await page.locator(".docv__tools").boundingBox())!;
      expect(tools.y).toBeGreaterThanOrEqual(crumbs.y + crumbs.height);
      const [title, fits, height] = await whole(".docv__crumbs h1");
      expect([title, fits]).toEqual([name, true]);
      expect(height).toBeGreaterThan(40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.goto(`${plexus.url}/project/${projectId}/table`);
      const row = page.locator(".dl-row__name", { hasText: "northern embankment" });
      expect(await row.evaluate((el) => [el.textContent?.trim(), el.scrollWidth <= el.clientWidth])).toEqual([name, true]);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the project users dialog", () => {
  test(
    "a member sees a write button on others' cards but not on their own; it opens the direct chat with that person",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      await page.goto(`${plexus.url}/project/${projectId}/home`);
      await page.getByRole("button", { name: "Users", exact: true }).click();
      const users = page.getByRole("dialog", { name: "Project users" });
      await users.waitFor();
      const mine = users.locator(`[data-user-id="${plexus.user.id}"]`);
      const theirs = users.locator(`[data-user-id="${moderator.id}"]`);
      expect(await mine.count()).toBe(1);
      expect(await mine.getByRole("button", { name: /^Write/ }).count()).toBe(0);
      const write = theirs.getByRole("button", { name: "Write: Mona Moderator" });
      expect(await write.isVisible()).toBe(true);

      await write.click();
      const drawer = page.getByRole("dialog", { name: "Chats" });
      await drawer.locator(".chat-frame").getByRole("heading", { name: "Mona Moderator", exact: true }).waitFor({ timeout: LIVE });
      expect(await users.isVisible()).toBe(false);
      await context.close();
    },
    TIMEOUT,
  );
});
