import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts } from "../src/testing/script-size";
import { apiCall, apiSignIn, launchBrowser, startPlexus, type Plexus } from "./setup";

// The personal drive (/drive, /drive/{token}) and the public viewer (/shared-file/{token}) in
// Debian's chromium against the built server: uploads, sharing by link to a signed-out visitor,
// withdrawing, the viewer, search, removal, adding someone else's file, 360 px and the script budget.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 50 * 1024;
const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let plexus: Plexus;
let browser: Browser;
let otherCookie: string;

const signIn = (login: string, password: string) => apiSignIn(plexus.url, login, password);

async function uploadApi(cookie: string, name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await fetch(`${plexus.url}/api/files/save-user-file`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; token: string; name: string };
}

/** A new person with an empty drive, signed in: each test's own drive owner. */
async function newOwner(): Promise<string> {
  const owner = await plexus.newUser();
  return signIn(owner.login, owner.password);
}

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  const other = await plexus.newUser({ firstName: "Olga", lastName: "Other" });
  otherCookie = await signIn(other.login, other.password);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

/** A fresh context, signed in with `cookie` when given, the first-visit disclaimer already seen. */
async function pageAs(cookie?: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext(options);
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: plexus.url }]);
  }
  await context.addInitScript(() => localStorage.setItem("plexus.disclaimerSeen", "1"));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

const rows = (page: Page) => page.locator("#drive-list > li");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.locator("[data-name]", { hasText: name }) });

async function expectSnack(page: Page, text: string) {
  await page.locator("#snackbar", { hasText: text }).waitFor();
}

describe("sharing by link", () => {
  test(
    "upload a file, share it, open the link signed out and see it; withdraw, and the link answers 404",
    async () => {
      const ownerCookie = await newOwner();
      const { page, context } = await pageAs(ownerCookie);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: plexus.url });
      await page.goto(`${plexus.url}/drive`);
      await page.getByText("No files yet. Upload the first one.").waitFor();
      expect(await page.getByText("Up to 500 MB per file").isVisible()).toBe(true);
      expect(await page.locator("[data-space]").textContent()).toMatch(/^Free [\d.,]+ (Bytes|KB|MB|GB) of [\d.,]+ (Bytes|KB|MB|GB)$/);

      await page.locator("#drive-upload-input").setInputFiles([
        { name: "Site plan.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["Site plan", "North gate"], ["Second page"]])) },
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("remember the gate") },
      ]);
      await expectSnack(page, "Files uploaded: 2");
      expect(await rows(page).locator("[data-name]").allTextContents()).toEqual(["notes.txt", "Site plan.pdf"]);

      const row = rowOf(page, "Site plan.pdf");
      await row.getByRole("button", { name: "Share by link" }).click();
      await expectSnack(page, "The file is shared by link");
      await row.getByText("Shared by link").waitFor();
      await row.getByRole("button", { name: "Copy link" }).click();
      await expectSnack(page, "Link copied");
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^${plexus.url}/shared-file/[\\w-]{32}$`));

      // A visitor who is not signed in sees the file in the full-screen viewer and can download it.
      const visitor = await pageAs();
      const opened = await visitor.page.goto(link);
      expect(opened!.status()).toBe(200);
      expect(await visitor.page.getByRole("heading", { level: 1 }).textContent()).toContain("Site plan.pdf");
      await visitor.page.locator(".pdf-page canvas").first().waitFor();
      expect(await visitor.page.locator(".pdf-page").count()).toBe(2);
      const [download] = await Promise.all([visitor.page.waitForEvent("download"), visitor.page.getByRole("button", { name: "Download" }).click()]);
      expect(download.suggestedFilename()).toBe("Site plan.pdf");

      await row.getByRole("button", { name: "Withdraw sharing" }).click();
      await expectSnack(page, "Sharing withdrawn");
      expect(await row.getByText("Shared by link").isHidden()).toBe(true);

      const gone = await visitor.page.goto(link);
      expect(gone!.status()).toBe(404);
      expect(await visitor.page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      const token = link.split("/").pop();
      expect((await fetch(`${plexus.url}/api/files/get-user-file/${token}`)).status).toBe(404);

      // A new share makes a new link (the withdrawn one stays dead); closing the viewer of one's own link goes to the drive.
      await row.getByRole("button", { name: "Share by link" }).click();
      await row.getByText("Shared by link").waitFor();
      await row.getByRole("button", { name: "Copy link" }).click();
      await expectSnack(page, "Link copied");
      const again = await page.evaluate(() => navigator.clipboard.readText());
      expect(again).toMatch(new RegExp(`^${plexus.url}/shared-file/[\\w-]{32}$`));
      expect(again).not.toBe(link);
      expect((await visitor.page.goto(link))!.status()).toBe(404);
      await page.goto(again);
      await page.getByRole("link", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === "/drive");
      await visitor.context.close();
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the drive page", () => {
  test(
    "previews images, PDFs and unsupported types; searches in any script; removes with confirmation when shared",
    async () => {
      const ownerCookie = await newOwner();
      await uploadApi(ownerCookie, "Site plan.pdf", makePdf([["Site plan", "North gate"], ["Second page"]]));
      await uploadApi(ownerCookie, "notes.txt", "remember the gate");
      const photo = await uploadApi(ownerCookie, "Фото объекта.png", PNG_1PX);
      await uploadApi(ownerCookie, "archive.zip", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]));
      const { page, context } = await pageAs(ownerCookie);
      await page.goto(`${plexus.url}/drive`);

      await rowOf(page, "Фото объекта.png").getByRole("button", { name: "Preview" }).click();
      const viewer = page.getByRole("dialog", { name: "Фото объекта.png" });
      await viewer.waitFor();
      await viewer.locator("img.viewer-image").waitFor();
      await page.waitForFunction(() => (document.querySelector("img.viewer-image") as HTMLImageElement | null)?.naturalWidth === 1);
      expect(await viewer.getByRole("button", { name: "Add to my files" }).isHidden()).toBe(true);
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "hidden" });

      await rowOf(page, "archive.zip").locator("[data-name]").click();
      await page.getByText("This format cannot be previewed. Download the file to open it.").waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

      await page.getByRole("searchbox", { name: "Search by name" }).fill("ФОТО");
      await page.waitForFunction(() => document.querySelectorAll("#drive-list > li").length === 1);
      expect(await rows(page).locator("[data-name]").textContent()).toBe("Фото объекта.png");
      await page.getByRole("searchbox", { name: "Search by name" }).fill("no such file");
      await page.getByText("Nothing found").waitFor();
      await page.getByRole("searchbox", { name: "Search by name" }).fill("");
      await page.waitForFunction(() => document.querySelectorAll("#drive-list > li").length >= 3);

      // A shared file asks first; cancelling keeps it.
      await fetch(`${plexus.url}/api/files/share?id=${photo.id}`, { method: "POST", headers: { cookie: ownerCookie, ...ownPageHeaders(plexus.url) } });
      await page.reload();
      const photoRow = rowOf(page, "Фото объекта.png");
      await photoRow.getByRole("button", { name: "Remove" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove" });
      await confirm.getByText("«Фото объекта.png» is shared by link. Remove it anyway?").waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      expect(await photoRow.count()).toBe(1);
      await photoRow.getByRole("button", { name: "Remove" }).click();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expectSnack(page, "File deleted");
      expect(await photoRow.count()).toBe(0);

      // Several at once: select two, share them, then remove them (shared, so after the question).
      await rowOf(page, "archive.zip").getByRole("checkbox").check();
      await rowOf(page, "notes.txt").getByRole("checkbox").check();
      await page.getByText("Selected: 2").waitFor();
      await page.getByRole("toolbar").getByRole("button", { name: "Share by link" }).click();
      await expectSnack(page, "The file is shared by link");
      expect(await rowOf(page, "notes.txt").getByText("Shared by link").isVisible()).toBe(true);
      await page.getByRole("toolbar").getByRole("button", { name: "Remove" }).click();
      await page.getByRole("dialog", { name: "Remove" }).getByRole("button", { name: "Remove" }).click();
      await expectSnack(page, "File deleted");
      expect(await rows(page).locator("[data-name]").allTextContents()).toEqual(["Site plan.pdf"]);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "/drive/{token} shows someone else's shared file with 'add to my files'; a dead link says the file does not exist",
    async () => {
      const ownerCookie = await newOwner();
      const theirs = await uploadApi(otherCookie, "Olga's budget.pdf", makePdf([["Budget"]]));
      // The public link has its own token (the file's own token works only for its owner and chat members).
      const [theirShare] = await apiCall<{ shareToken: string }[]>(plexus.url, otherCookie, "POST", `/files/share?id=${theirs.id}`);
      const { page, context } = await pageAs(ownerCookie);
      await page.goto(`${plexus.url}/drive/${theirShare.shareToken}`);
      const viewer = page.getByRole("dialog", { name: "Olga's budget.pdf" });
      await viewer.locator(".pdf-page canvas").first().waitFor();
      await viewer.getByRole("button", { name: "Add to my files" }).click();
      await expectSnack(page, "File added");
      await viewer.getByRole("button", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === "/drive");
      await rowOf(page, "Olga's budget.pdf").waitFor();
      expect(await rowOf(page, "Olga's budget.pdf").getByText("Shared by link").isHidden()).toBe(true);

      await page.goto(`${plexus.url}/drive/no-such-token`);
      await expectSnack(page, "The file does not exist");
      expect(new URL(page.url()).pathname).toBe("/drive");
      expect(await page.getByRole("dialog").count()).toBe(0);

      // Signed out, the drive sends visitors to sign in.
      const visitor = await pageAs();
      await visitor.page.goto(`${plexus.url}/drive`);
      expect(new URL(visitor.page.url()).pathname).toBe("/login");
      await visitor.context.close();
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "works at 360 px; the rail links to the drive; the page stays in its script budget",
    async () => {
      const ownerCookie = await newOwner();
      const shared = await uploadApi(ownerCookie, "A rather long file name that must not widen the page at all.txt", "x");
      const [{ shareToken }] = await apiCall<{ shareToken: string }[]>(plexus.url, ownerCookie, "POST", `/files/share?id=${shared.id}`);
      const { page, context } = await pageAs(ownerCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/drive`);
      await rows(page).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await rows(page).first().getByRole("button", { name: "Download" }).isVisible()).toBe(true);
      await context.close();

      const wide = await pageAs(ownerCookie);
      await wide.page.goto(`${plexus.url}/`);
      await wide.page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Files" }).click();
      await wide.page.waitForURL((url) => url.pathname === "/drive");
      await wide.context.close();

      for (const [path, cookie] of [["/drive", ownerCookie], [`/shared-file/${shareToken}`, ""]]) {
        const { modules, gzipped } = await initialScripts(plexus.url, path, cookie || undefined);
        const count = modules.size;
        console.log(`${path.replace(shareToken, "{token}")}: ${count} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
        expect(count).toBeGreaterThan(1);
        expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_GZIP);
      }
    },
    TIMEOUT,
  );
});
