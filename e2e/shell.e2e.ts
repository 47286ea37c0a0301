import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { contrastWithWhite } from "../src/testing/contrast";
import { apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// The signed-in shell as keyboard and phone users meet it: the skip link, the rail's focus ring,
// the files on a phone, and a profile menu that looks and works like one.

const TIMEOUT = 60_000;

let plexus: Plexus;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  cookie = await apiSignIn(plexus.url, plexus.user.login, plexus.user.password);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

/** sRGB channels (0..1) of a computed CSS colour such as "rgb(255, 255, 255)". */
const channels = (css: string) => css.match(/[\d.]+/g)!.slice(0, 3).map((c) => Number(c) / 255) as [number, number, number];
const luminance = (rgb: [number, number, number]) => 1.05 / contrastWithWhite(rgb) - 0.05;
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(channels(a)), luminance(channels(b))].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);

describe("the shell with a keyboard", () => {
  test(
    "the first Tab shows a skip link; Enter takes focus past the navigation into the page",
    async () => {
      const { page, context } = await signedInPage(browser, plexus.url, cookie);
      await page.goto(`${plexus.url}/profile`);
      await page.keyboard.press("Tab");
      expect(await focused(page)).toBe("Skip to content");
      expect(await page.locator(".skip-link").evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("content");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement!.closest("nav, main")?.tagName)).toBe("MAIN");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the focus ring on the dark rail keeps at least 3:1 against the rail (it was 1.6:1)",
    async () => {
      const { page, context } = await signedInPage(browser, plexus.url, cookie);
      await page.goto(`${plexus.url}/profile`);
      await page.keyboard.press("Tab"); // skip link
      await page.keyboard.press("Tab"); // the rail's home link
      const { ring, rail } = await page.evaluate(() => {
        const link = document.activeElement as HTMLElement;
        return { ring: getComputedStyle(link).outlineColor, rail: getComputedStyle(link.closest(".rail")!).backgroundColor };
      });
      expect(contrast(ring, rail)).toBeGreaterThanOrEqual(3);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the shell on a phone (360 px)", () => {
  test(
    "the bottom bar reaches the files, and the profile menu shows the person, settings, files, help, languages and exit",
    async () => {
      const { page, context } = await signedInPage(browser, plexus.url, cookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/`);
      const bar = page.locator("nav.bottombar");
      await bar.getByRole("link", { name: "Files" }).click();
      await page.waitForURL(`${plexus.url}/drive`);
      expect(await bar.getByRole("link", { name: "Files" }).getAttribute("aria-current")).toBe("page");

      const profile = bar.locator("summary[title='Profile']");
      // Not greyed out like a disabled control: the person's coloured initials.
      expect(await profile.locator(".avatar").textContent()).toBe(plexus.user.firstName.slice(0, 1));
      await profile.click();
      const menu = bar.locator(".menu__panel");
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.locator("strong").textContent()).toBe(`${plexus.user.firstName} ${plexus.user.lastName}`);
      const entries = await menu.locator("a, button").allTextContents();
      expect(entries.map((e) => e.trim())).toEqual(["Settings", "Files", "Help", "English", "Русский", "Español", "Exit"]);
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      await menu.getByRole("link", { name: "Help" }).click();
      await page.waitForURL(`${plexus.url}/help`);
      await context.close();
    },
    TIMEOUT,
  );
});
