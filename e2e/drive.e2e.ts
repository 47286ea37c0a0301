import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { driveFiles } from "../db/schema";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts } from "../src/testing/script-size";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

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

const pageAs = (cookie?: string, options: Parameters<typeof signedInPage>[3] = {}) => signedInPage(browser, plexus.url, cookie, options);

const rows = (page: Page) => page.locator("#drive-list > li");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.locator("[data-name]", { hasText: name }) });

async function expectSnack(page: Page, text: string) {
  await page.locator("#snackbar", { hasText: text }).waitFor();
}

/** Where each of a row's action buttons sits, by its label. */
const buttonPlaces = (row: ReturnType<typeof rowOf>) =>
  row.locator("[data-actions] button").evaluateAll((buttons) => buttons.map((b) => [b.getAttribute("aria-label"), Math.round(b.getBoundingClientRect().x)]));

/** Opens a row's share dialog. */
async function openShare(page: Page, name: string) {
  await rowOf(page, name).getByRole("button", { name: "Share by link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share by link" });
  await dialog.waitFor();
  return dialog;
}

describe("sharing by link", () => {
  test(
    "the share dialog shows the link with a copy button and keeps its buttons in place; signed out, the link shows the file with no close button; withdrawn, 404",
    async () => {
      const ownerCookie = await newOwner();
      const { page, context } = await pageAs(ownerCookie);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: plexus.url });
      await page.goto(`${plexus.url}/drive`);
      await page.getByText("No files yet. Upload the first one.").waitFor();
      expect(await page.getByText("Up to 500 MB per file").isVisible()).toBe(true);

      await page.locator("#drive-upload-input").setInputFiles([
        { name: "Site plan.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["Site plan", "North gate"], ["Second page"]])) },
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("remember the gate") },
      ]);
      await expectSnack(page, "Files uploaded: 2");
      expect(await rows(page).locator("[data-name]").allTextContents()).toEqual(["notes.txt", "Site plan.pdf"]);

      const row = rowOf(page, "Site plan.pdf");
      const before = await buttonPlaces(row);
      const dialog = await openShare(page, "Site plan.pdf");
      const footer = () => dialog.locator(".share-dialog__buttons button").evaluateAll((bs) => bs.map((b) => [b.textContent?.trim(), (b as HTMLButtonElement).disabled]));
      expect(await footer()).toEqual([["Withdraw sharing", true], ["Save settings", true], ["Close", false]]);
      await dialog.getByRole("button", { name: "Create link" }).click();
      await expectSnack(page, "The file is shared by link");
      const linkBox = dialog.getByRole("textbox", { name: "Link" });
      const link = await linkBox.inputValue();
      expect(link).toMatch(new RegExp(`^${plexus.url}/shared-file/[\\w-]{32}$`));
      expect(await footer()).toEqual([["Withdraw sharing", false], ["Save settings", false], ["Close", false]]);
      await dialog.getByRole("button", { name: "Copy link" }).click();
      await expectSnack(page, "Link copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await dialog.getByRole("button", { name: "Close" }).click();
      await row.getByText("Shared by link").waitFor();
      // Sharing moved no button of the row: "withdraw" never takes the place of "download".
      expect(await buttonPlaces(row)).toEqual(before);

      // A visitor who is not signed in sees the file in the full-screen viewer and can download it; nothing leads to the sign-in page.
      const visitor = await pageAs();
      const opened = await visitor.page.goto(link);
      expect(opened!.status()).toBe(200);
      expect(await visitor.page.getByRole("heading", { level: 1 }).textContent()).toContain("Site plan.pdf");
      await visitor.page.locator("[data-stage] canvas").first().waitFor();
      expect(await visitor.page.getByRole("link", { name: "Close" }).count()).toBe(0);
      expect(await visitor.page.locator('a[href="/drive"], a[href^="/login"]').count()).toBe(0);
      await visitor.page.keyboard.press("Escape");
      expect(new URL(visitor.page.url()).pathname).toStartWith("/shared-file/");
      const [download] = await Promise.all([visitor.page.waitForEvent("download"), visitor.page.getByRole("button", { name: "Download" }).click()]);
      expect(download.suggestedFilename()).toBe("Site plan.pdf");

      const again = await openShare(page, "Site plan.pdf");
      expect(await again.getByRole("textbox", { name: "Link" }).inputValue()).toBe(link);
      await again.getByRole("button", { name: "Withdraw sharing" }).click();
      await expectSnack(page, "Sharing withdrawn");
      await again.getByRole("button", { name: "Create link" }).waitFor();
      await again.getByRole("button", { name: "Close" }).click();
      expect(await row.getByText("Shared by link").isHidden()).toBe(true);

      const gone = await visitor.page.goto(link);
      expect(gone!.status()).toBe(404);
      expect(await visitor.page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      const token = link.split("/").pop();
      expect((await fetch(`${plexus.url}/api/files/get-user-file/${token}`)).status).toBe(404);

      // A new share makes a new link (the withdrawn one stays dead); signed in, closing the viewer goes back to the drive.
      const third = await openShare(page, "Site plan.pdf");
      await third.getByRole("button", { name: "Create link" }).click();
      const newLink = await third.getByRole("textbox", { name: "Link" }).inputValue();
      expect(newLink).toMatch(/\/shared-file\/[\w-]{32}$/);
      expect(newLink).not.toBe(link);
      expect((await visitor.page.goto(link))!.status()).toBe(404);
      await page.goto(newLink);
      await page.getByRole("link", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === "/drive");
      await visitor.context.close();
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a link with a password and an end date: the visitor types the password (a wrong one says so), sees the file; past the date the link says it expired",
    async () => {
      const ownerCookie = await newOwner();
      await uploadApi(ownerCookie, "gate codes.txt", "North gate: <b>4711</b>");
      const { page, context } = await pageAs(ownerCookie);
      await page.goto(`${plexus.url}/drive`);
      const dialog = await openShare(page, "gate codes.txt");
      await dialog.getByRole("button", { name: "Create link" }).click();
      const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue();
      const day = new Date(Date.now() + 5 * 86_400_000);
      const value = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
      await dialog.getByLabel("Valid until").fill(value);
      await dialog.getByLabel("Password", { exact: true }).fill("abc");
      await dialog.getByRole("button", { name: "Save settings" }).click();
      await dialog.getByRole("alert").getByText("Visitors type it before they see the file. At least 4 characters.").waitFor();
      await dialog.getByLabel("Password", { exact: true }).fill("gate-4711");
      await dialog.getByRole("button", { name: "Save settings" }).click();
      await expectSnack(page, "Link settings saved");
      await dialog.getByText("A password is set. Type a new one to change it.").waitFor();
      expect(await dialog.getByLabel("Valid until").inputValue()).toBe(value);
      await dialog.getByRole("button", { name: "Close" }).click();
      await rowOf(page, "gate codes.txt").getByText(/^Shared until /).waitFor();

      const visitor = await pageAs();
      await visitor.page.goto(link);
      await visitor.page.getByRole("heading", { name: "This file is protected by a password" }).waitFor();
      expect(await visitor.page.content()).not.toContain("gate codes.txt");
      expect((await fetch(link.replace("/shared-file/", "/api/files/get-user-file/"))).status).toBe(403);
      const password = visitor.page.getByLabel("Password");
      await password.fill("gate-0000");
      await visitor.page.getByRole("button", { name: "Open" }).click();
      await visitor.page.getByRole("alert").getByText("The password is wrong").waitFor();
      await password.fill("gate-4711");
      await visitor.page.getByRole("button", { name: "Open" }).click();
      await visitor.page.getByRole("heading", { level: 1, name: "gate codes.txt" }).waitFor();
      // Text is shown as text: the markup in it stays visible, nothing is rendered.
      await visitor.page.locator("pre.viewer-text", { hasText: "North gate: <b>4711</b>" }).waitFor();
      expect(await visitor.page.locator("pre.viewer-text b").count()).toBe(0);

      // The end date passes (set back in the database): the visitor meets a clear 410 page.
      const token = link.split("/").pop()!;
      plexus.db.update(driveFiles).set({ shareExpiresAt: new Date(Date.now() - 1000) }).where(eq(driveFiles.shareToken, token)).run();
      const expired = await visitor.page.goto(link);
      expect(expired!.status()).toBe(410);
      await visitor.page.getByRole("heading", { name: "This link has expired" }).waitFor();
      await visitor.page.getByText("Ask the person who sent it for a new link.").waitFor();
      await visitor.context.close();
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "withdrawing the link of a file that was sent into a chat: the chat's member still opens it, the link is dead",
    async () => {
      const owner = await plexus.newUser({ firstName: "Wanda", lastName: "Withdraw" });
      const member = await plexus.newUser({ firstName: "Milo", lastName: "Member" });
      const ownerCookie = await signIn(owner.login, owner.password);
      const memberCookie = await signIn(member.login, member.password);
      const file = await uploadApi(ownerCookie, "handover.txt", "keys are at the gatehouse");
      const [{ shareToken }] = await apiCall<{ shareToken: string }[]>(plexus.url, ownerCookie, "POST", `/files/share?id=${file.id}`);
      const chatId = await apiCall<number>(plexus.url, ownerCookie, "POST", "/chats/new-chat", { name: `Handover ${owner.id}`, type: "PRIVATE", members: [{ id: member.id }] });
      // The owner sends the file into the chat over the live channel, as the chat page does.
      const client = new Client({ webSocketFactory: () => new WebSocket(`${plexus.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie: ownerCookie } } as never), reconnectDelay: 0 });
      const sent = new Promise<void>((resolve) => {
        client.onConnect = () => {
          client.subscribe(`/ws-broker/topic/${chatId}`, (message) => JSON.parse(message.body).message?.file && resolve());
          client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ file: { id: file.id }, clientId: `handover-${file.id}` }) });
        };
      });
      client.activate();
      await sent;
      await client.deactivate();

      const { page, context } = await pageAs(ownerCookie);
      await page.goto(`${plexus.url}/drive`);
      const dialog = await openShare(page, "handover.txt");
      await dialog.getByRole("button", { name: "Withdraw sharing" }).click();
      await expectSnack(page, "Sharing withdrawn");

      const memberPage = await pageAs(memberCookie);
      await memberPage.page.goto(`${plexus.url}/shared-file/${file.token}`);
      await memberPage.page.locator("pre.viewer-text", { hasText: "keys are at the gatehouse" }).waitFor();
      expect((await memberPage.page.goto(`${plexus.url}/shared-file/${shareToken}`))!.status()).toBe(404);
      const visitor = await pageAs();
      expect((await visitor.page.goto(`${plexus.url}/shared-file/${shareToken}`))!.status()).toBe(404);
      expect((await visitor.page.goto(`${plexus.url}/shared-file/${file.token}`))!.status()).toBe(404);
      await Promise.all([visitor.context.close(), memberPage.context.close(), context.close()]);
    },
    TIMEOUT,
  );
});

describe("quota", () => {
  test(
    "an administrator sets a user's quota on /admin/users; the drive shows used of quota with a bar and refuses an upload past it",
    async () => {
      const person = await plexus.newUser({ firstName: "Quentin", lastName: "Quota" });
      const personCookie = await signIn(person.login, person.password);
      const adminCookie = await signIn(plexus.admin.login, plexus.admin.password);
      const admin = await pageAs(adminCookie);
      await admin.page.goto(`${plexus.url}/admin/users`);
      const quotaBox = admin.page.getByLabel("Quota of Quentin Quota, MB");
      expect(await quotaBox.inputValue()).toBe("");
      expect(await quotaBox.getAttribute("placeholder")).toBe("default: 10 GB");
      await quotaBox.fill("1");
      await admin.page.locator("tr", { has: quotaBox }).getByRole("button", { name: "Save" }).click();
      await expectSnack(admin.page, "Quota saved");
      await admin.context.close();

      await uploadApi(personCookie, "half.txt", "x".repeat(512 * 1024));
      const { page, context } = await pageAs(personCookie);
      await page.goto(`${plexus.url}/drive`);
      expect(await page.locator("[data-quota-text]").textContent()).toBe("512 KB of 1 MB used");
      const bar = page.getByRole("progressbar", { name: "Storage used" });
      expect(Number(await bar.getAttribute("value")) / Number(await bar.getAttribute("max"))).toBe(0.5);

      await page.locator("#drive-upload-input").setInputFiles([{ name: "too much.txt", mimeType: "text/plain", buffer: Buffer.from("y".repeat(600 * 1024)) }]);
      await page.getByText("too much.txt: Your files would exceed your storage quota: remove some first").first().waitFor();
      expect(await rows(page).locator("[data-name]").allTextContents()).toEqual(["half.txt"]);
      await page.locator("#drive-upload-input").setInputFiles([{ name: "fits.txt", mimeType: "text/plain", buffer: Buffer.from("z".repeat(256 * 1024)) }]);
      await expectSnack(page, "Files uploaded: 1");
      await page.locator("[data-quota-text]", { hasText: "768 KB of 1 MB used" }).waitFor();
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the drive page", () => {
  test(
    "previews images, PDFs and text; offers no preview for what cannot be previewed; searches in any script; removes with confirmation when shared",
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

      // Text: its beginning, as text.
      await rowOf(page, "notes.txt").getByRole("button", { name: "Preview" }).click();
      await page.getByRole("dialog", { name: "notes.txt" }).locator("pre.viewer-text", { hasText: "remember the gate" }).waitFor();
      await page.keyboard.press("Escape");

      // An archive cannot be previewed: no preview button (its place stays empty), and its name downloads it.
      const archive = rowOf(page, "archive.zip");
      expect(await archive.getByRole("button", { name: "Preview" }).isVisible()).toBe(false);
      expect(await buttonPlaces(archive)).toEqual(await buttonPlaces(rowOf(page, "notes.txt")));
      const [saved] = await Promise.all([page.waitForEvent("download"), archive.locator("[data-name]").click()]);
      expect(saved.suggestedFilename()).toBe("archive.zip");
      expect(await page.getByRole("dialog").count()).toBe(0);

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
      await viewer.locator("canvas").first().waitFor();
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
