import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// Accounts as people meet them (issue 9): changing one's password, registration and reset without a
// mail server, what a waiting or deactivated account is told at sign-in, the registration form's rules
// before anything is sent, and /admin/users with its statuses, search and confirmation.

const TIMEOUT = 60_000;

let plexus: Plexus;
let noMail: Plexus;
let browser: Browser;

beforeAll(async () => {
  [plexus, noMail, browser] = await Promise.all([startPlexus(), startPlexus({ mail: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
  await noMail?.stop();
});

/** A signed-out page in English, in a context of its own. */
async function signedOutPage(options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ locale: "en-GB", ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

/** The error text shown under a form field. */
const fieldError = (page: Page, name: string) => page.locator(`[data-error-for="${name}"]`);

describe("changing one's password", () => {
  test(
    "the profile changes it with the current password: this browser stays signed in, the other one is signed out at once",
    async () => {
      const person = await plexus.newUser();
      const here = await signedInPage(browser, plexus.url, await apiSignIn(plexus.url, person.login, person.password));
      const there = await signedInPage(browser, plexus.url, await apiSignIn(plexus.url, person.login, person.password));
      await there.page.goto(`${plexus.url}/profile`);
      const { page } = here;
      await page.goto(`${plexus.url}/profile`);
      const form = page.locator("#password-form");
      const submit = form.getByRole("button", { name: "Change the password" });
      expect(await submit.isDisabled()).toBe(true);

      // The rule shows before anything is sent, and is ticked off while typing.
      const hint = form.locator('[data-hint-for="newPassword"]');
      expect(await hint.textContent()).toBe("At least 8 characters");
      await form.getByLabel("New password").fill("short");
      expect(await fieldError(page, "newPassword").textContent()).toBe("The password needs at least 8 characters");
      expect(await hint.getAttribute("data-met")).toBeNull();
      await form.getByLabel("New password").fill("a-new-password-9");
      expect(await hint.getAttribute("data-met")).toBe("");

      await form.getByLabel("Current password").fill("not-my-password");
      await submit.click();
      await fieldError(page, "currentPassword").getByText("The current password is not right").waitFor();

      await form.getByLabel("Current password").fill(person.password);
      await submit.click();
      await form.getByText("Password changed. You have been signed out on your other devices.").waitFor();
      expect(await form.getByLabel("Current password").inputValue()).toBe("");

      await there.page.reload();
      await there.page.waitForURL((url) => url.pathname === "/login");
      await page.reload();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Profile");
      await apiSignIn(plexus.url, person.login, "a-new-password-9");
      await here.context.close();
      await there.context.close();
    },
    TIMEOUT,
  );
});

describe("without a mail server", () => {
  test(
    "registration says an administrator activates the account and no e-mail will come; reset says to ask an administrator",
    async () => {
      const { page, context } = await signedOutPage();
      await page.goto(`${noMail.url}/registration`);
      const stamp = Date.now();
      await page.getByLabel("First name").fill("Nora");
      await page.getByLabel("Last name").fill("Nomail");
      await page.getByLabel("Login", { exact: true }).fill(`nora${stamp}`);
      await page.getByLabel("E-mail").fill(`nora${stamp}@example.test`);
      await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
      await page.getByRole("button", { name: "Register" }).click();
      await page
        .getByText("Your account has been created. You can sign in once an administrator activates it. This server sends no e-mail, so no message will come: tell an administrator you have registered.")
        .waitFor();

      await page.goto(`${noMail.url}/reset-password`);
      await page.getByText("This server sends no e-mail, so no link can come. Ask an administrator to help you back into your account.").waitFor();
      expect(await page.getByRole("button", { name: "Send the link" }).count()).toBe(0);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "administrators see on /admin/users that mail is off, with a link to where it is set up; with mail there is no notice",
    async () => {
      const { page, context } = await signedInPage(browser, noMail.url, await apiSignIn(noMail.url, noMail.admin.login, noMail.admin.password));
      await page.goto(`${noMail.url}/admin/users`);
      const banner = page.locator("#mail-off-banner");
      expect(await banner.textContent()).toContain("Mail is not configured: Plexus sends no e-mail");
      await banner.getByRole("link", { name: "How to set up mail" }).click();
      await page.waitForURL((url) => url.pathname === "/help" && url.searchParams.get("page") === "administration");
      await page.getByRole("heading", { name: "Mail", exact: true }).waitFor();
      await context.close();

      const withMail = await signedInPage(browser, plexus.url, await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password));
      await withMail.page.goto(`${plexus.url}/admin/users`);
      await withMail.page.getByRole("heading", { name: "Users" }).waitFor();
      expect(await withMail.page.locator("#mail-off-banner").count()).toBe(0);
      await withMail.context.close();
    },
    TIMEOUT,
  );
});

describe("signing in to an account that is not active", () => {
  test(
    "a waiting account is told to wait for activation, a deactivated one that it was deactivated (with and without JavaScript)",
    async () => {
      const waiting = await plexus.newUser({ isActive: false });
      const gone = await plexus.newUser({ isActive: false, activatedAt: new Date() });
      for (const javaScriptEnabled of [true, false]) {
        for (const [person, text] of [
          [waiting, "Your account is not active yet. An administrator has to activate it."],
          [gone, "Your account has been deactivated. Ask an administrator if you need it again."],
        ] as const) {
          const { page, context } = await signedOutPage({ javaScriptEnabled });
          await page.goto(`${plexus.url}/login`);
          await page.getByLabel("Login", { exact: true }).fill(person.login);
          await page.getByLabel("Password", { exact: true }).fill(person.password);
          await page.getByRole("button", { name: "Sign in" }).click();
          await page.locator("[data-form-message]").getByText(text).waitFor();
          await context.close();
        }
      }
    },
    TIMEOUT,
  );
});

describe("registration form", () => {
  test(
    "shows the login and password rules before sending, refuses spaces, punctuation and short logins as they are typed",
    async () => {
      const { page, context } = await signedOutPage();
      await page.goto(`${plexus.url}/registration`);
      expect(await page.locator('[data-hint-for="login"]').textContent()).toBe("3 to 64 characters: letters of one alphabet, digits and . _ -");
      expect(await page.locator('[data-hint-for="password"]').textContent()).toBe("At least 8 characters");
      const login = page.getByLabel("Login", { exact: true });
      for (const [value, message] of [
        ["ada lovelace", "A login may hold letters, digits and . _ - only, with no spaces or invisible characters"],
        ["ada!", "A login may hold letters, digits and . _ - only, with no spaces or invisible characters"],
        ["ab", "A login needs at least 3 characters"],
        ["adaЖ", "A login uses the letters of one alphabet only (for example Latin or Cyrillic, not both)"],
      ]) {
        await login.fill(value);
        expect([value, await fieldError(page, "login").textContent()]).toEqual([value, message]);
      }
      await login.fill("ada.lovelace");
      expect(await fieldError(page, "login").textContent()).toBe("");
      expect(await page.locator('[data-hint-for="login"]').getAttribute("data-met")).toBe("");
      await page.getByLabel("Password", { exact: true }).fill("short");
      expect(await fieldError(page, "password").textContent()).toBe("The password needs at least 8 characters");
      expect(await page.getByRole("button", { name: "Register" }).isDisabled()).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the logo's drawing sits in the middle of the card",
    async () => {
      const { page, context } = await signedOutPage();
      await page.goto(`${plexus.url}/registration`);
      const logo = page.locator(".auth__logo");
      await logo.evaluate((img: HTMLImageElement) => img.decode());
      // The middle of what is drawn (non-transparent pixels), not of the image box.
      const offset = await logo.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(box.width);
        canvas.height = Math.round(box.height);
        const draw = canvas.getContext("2d")!;
        draw.drawImage(img, 0, 0, canvas.width, canvas.height);
        const pixels = draw.getImageData(0, 0, canvas.width, canvas.height).data;
        let left = canvas.width;
        let right = 0;
        for (let i = 3; i < pixels.length; i += 4) {
          if (pixels[i] < 16) continue;
          const x = ((i - 3) / 4) % canvas.width;
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
        const card = img.closest(".card")!.getBoundingClientRect();
        return box.left + (left + right) / 2 - (card.left + card.width / 2);
      });
      expect(Math.abs(offset)).toBeLessThan(3);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("/admin/users", () => {
  test(
    "tells waiting accounts from deactivated ones, filters by login, name or e-mail, and asks before deactivating",
    async () => {
      const tag = `q${Date.now()}`;
      const waiting = await plexus.newUser({ isActive: false, firstName: `Wanda${tag}` });
      const gone = await plexus.newUser({ isActive: false, activatedAt: new Date(), email: `gone-${tag}@example.test` });
      const active = await plexus.newUser({ login: `active-${tag}` });
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const { page, context } = await signedInPage(browser, plexus.url, adminCookie);
      await page.goto(`${plexus.url}/admin/users`);
      const row = (id: number) => page.locator(`tr[data-user-id="${id}"]`);
      const status = (id: number) => row(id).locator("[data-status]").textContent().then((s) => s?.trim());
      expect([await status(waiting.id), await status(gone.id), await status(active.id)]).toEqual(["Waiting for activation", "Deactivated", "Active"]);

      const search = page.getByLabel("Search by login, name or e-mail");
      const shown = () => page.locator("#users-table tbody tr:visible").evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.userId)));
      for (const [query, ids] of [
        [`wanda${tag}`, [waiting.id]],
        [`GONE-${tag}@`, [gone.id]],
        [`active-${tag}`, [active.id]],
        [tag, [waiting.id, gone.id, active.id].sort((a, b) => a - b)],
      ] as const) {
        await search.fill(query);
        expect((await shown()).sort((a, b) => a - b)).toEqual([...ids]);
      }
      await search.fill(`nobody-${tag}`);
      await page.getByText("No user matches").waitFor();
      await search.fill(`active-${tag}`);

      // Deactivating asks first: Cancel and Escape leave the account as it was.
      const deactivate = row(active.id).getByRole("button", { name: "Deactivate" });
      const dialog = page.getByRole("dialog", { name: "Deactivate the account?" });
      await deactivate.click();
      expect(await dialog.textContent()).toContain(`Deactivate ${active.firstName} ${active.lastName}?`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await deactivate.click();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      const listed = async () => (await apiCall(plexus.url, adminCookie, "GET", "/users/get-all")).find((u: { id: number }) => u.id === active.id);
      expect((await listed()).isActive).toBe(true);
      await deactivate.click();
      await dialog.getByRole("button", { name: "Deactivate" }).click();
      await row(active.id).getByRole("button", { name: "Activate", exact: true }).waitFor();
      expect(await status(active.id)).toBe("Deactivated");
      expect((await listed()).isActive).toBe(false);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("at 360 px", () => {
  test(
    "registration, the profile with its password form and /admin/users fit the width",
    async () => {
      const narrow = { viewport: { width: 360, height: 740 } };
      const { page, context } = await signedOutPage(narrow);
      await page.goto(`${plexus.url}/registration`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
      const admin = await signedInPage(browser, plexus.url, await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password), narrow);
      for (const path of ["/profile", "/admin/users"]) {
        await admin.page.goto(`${plexus.url}${path}`);
        expect([path, await admin.page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 360]);
      }
      await admin.context.close();
    },
    TIMEOUT,
  );
});
