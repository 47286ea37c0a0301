import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite } from "./setup";

// /admin/backup: a system administrator sets the backup passphrase, backs up, the data change, a restore with a
// wrong passphrase is refused with nothing changed, the right one brings back the old data and files while the
// server keeps running; a generated passphrase is shown once; a damaged archive is refused with nothing changed.

const suite = browserSuite();
const TIMEOUT = 90_000;

async function upload(cookie: string, name: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], name));
  const response = await fetch(`${suite.plexus.url}/api/files/save-user-file`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; token: string };
}

const snack = (page: Page, text: string) => page.locator("#snackbar", { hasText: text }).waitFor();

async function confirmIn(page: Page, rowDate: string, action: "Restore" | "Delete") {
  await page.getByRole("button", { name: `${action}: ${rowDate}` }).click();
  await page.locator("#backup-dialog").getByRole("button", { name: action }).click();
}

/** Records whether the backup-now button was ever disabled, to prove the page locks itself while a call runs. */
const watchDisabled = (page: Page) =>
  page.evaluate(() => {
    const button = document.getElementById("backup-now") as HTMLButtonElement;
    (window as unknown as { sawDisabled: boolean }).sawDisabled = false;
    new MutationObserver(() => {
      if (button.disabled) (window as unknown as { sawDisabled: boolean }).sawDisabled = true;
    }).observe(button, { attributes: true });
  });
const sawDisabled = (page: Page) => page.evaluate(() => (window as unknown as { sawDisabled: boolean }).sawDisabled);

describe("backups", () => {
  test(
    "back up, change the data, restore: the old file is back with its bytes and the later one is gone",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const owner = await plexus.newUser();
      const ownerCookie = await apiSignIn(plexus.url, owner.login, owner.password);
      const before = await upload(ownerCookie, "site plan before.txt", "the north gate code is 4711");

      const { page } = await suite.pageAs(adminCookie);
      await page.goto(`${plexus.url}/admin/backup`);
      await page.locator("#backup[aria-busy=false]").waitFor();
      await page.getByLabel("New passphrase").fill("north gate, pier twelve");
      await page.getByRole("button", { name: "Set passphrase" }).click();
      await snack(page, "Passphrase set");
      await page.locator("#backup-passphrase-state[data-set=true]").waitFor();
      expect(await page.getByLabel("New passphrase").inputValue()).toBe("");
      await watchDisabled(page);
      await page.getByRole("button", { name: "Back up now" }).click();
      await snack(page, "Backup complete");
      expect(await sawDisabled(page)).toBe(true);
      const row = page.locator("#backup-table tbody tr").first();
      const date = (await row.getAttribute("data-date"))!;
      expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);

      await apiCall(plexus.url, ownerCookie, "POST", `/files/remove?id=${before.id}`);
      await upload(ownerCookie, "site plan after.txt", "made after the backup");

      await page.getByRole("button", { name: `Restore: ${date}` }).click();
      await page.getByLabel("Passphrase of this backup").fill("north gate, pier eleven");
      await page.locator("#backup-dialog").getByRole("button", { name: "Restore" }).click();
      await snack(page, "The backup was not restored: The passphrase does not open this backup; nothing was changed");
      const unchanged = await apiCall<{ name: string }[]>(plexus.url, ownerCookie, "GET", "/files/get-file-entities");
      expect(unchanged.map((f) => f.name)).toContain("site plan after.txt");

      await page.getByRole("button", { name: `Restore: ${date}` }).click();
      await page.getByLabel("Passphrase of this backup").fill("north gate, pier twelve");
      await page.locator("#backup-dialog").getByRole("button", { name: "Restore" }).click();
      await snack(page, "Backup restored");
      expect(await page.locator("#backup-now").isDisabled()).toBe(false);

      const drive = await suite.pageAs(ownerCookie);
      await drive.page.goto(`${plexus.url}/drive`);
      await drive.page.locator("#drive-list", { hasText: "site plan before.txt" }).waitFor();
      expect(await drive.page.locator("#drive-list").textContent()).not.toContain("site plan after.txt");
      const file = await fetch(`${plexus.url}/api/files/get-user-file/${before.token}`, { headers: { cookie: ownerCookie } });
      expect(await file.text()).toBe("the north gate code is 4711");
    },
    TIMEOUT,
  );

  test(
    "a damaged archive is refused with the reason and nothing changes; a deleted backup leaves the list",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const owner = await plexus.newUser();
      const ownerCookie = await apiSignIn(plexus.url, owner.login, owner.password);
      await upload(ownerCookie, "kept.txt", "still here");
      const folder = join(dirname(plexus.db.$client.filename), "backups");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "plexus-20200101-000000.tar.gz"), Buffer.from("\x1f\x8b\x08\x00 truncated"));

      const { page } = await suite.pageAs(adminCookie);
      await page.goto(`${plexus.url}/admin/backup`);
      await page.locator("#backup[aria-busy=false]").waitFor();
      await confirmIn(page, "01.01.2020 00:00:00", "Restore");
      await snack(page, "The backup was not restored: The archive is damaged or is not a Plexus backup; nothing was changed");
      const files = await apiCall<{ name: string }[]>(plexus.url, ownerCookie, "GET", "/files/get-file-entities");
      expect(files.map((f) => f.name)).toEqual(["kept.txt"]);

      await confirmIn(page, "01.01.2020 00:00:00", "Delete");
      await snack(page, "Backup deleted");
      expect(await page.locator("#backup-table tr[data-date='01.01.2020 00:00:00']").count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "a generated passphrase is shown once, and never again after a reload",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const { page } = await suite.pageAs(adminCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/admin/backup`);
      await page.locator("#backup[aria-busy=false]").waitFor();
      await page.getByRole("button", { name: "Generate a passphrase" }).click();
      await snack(page, "Passphrase set");
      const shown = (await page.locator("#backup-passphrase-generated code").textContent())!;
      expect(shown).toMatch(/^([a-z2-9]{5}-){5}[a-z2-9]{5}$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.reload();
      await page.locator("#backup[aria-busy=false]").waitFor();
      expect(await page.content()).not.toContain(shown);
      expect(await page.locator("#backup-passphrase-state").getAttribute("data-set")).toBe("true");
    },
    TIMEOUT,
  );

  test(
    "another backup type shows the 'backup disabled' note instead of the list",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      await apiCall(plexus.url, adminCookie, "POST", "/settings/save-all", [{ label: "BACKUP_TYPE", body: "NONE" }]);
      try {
        const { page } = await suite.pageAs(adminCookie);
        await page.goto(`${plexus.url}/admin/backup`);
        await page.locator("#backup-disabled", { hasText: "Backups are disabled" }).waitFor();
        expect(await page.locator("#backup-now").count()).toBe(0);
      } finally {
        await apiCall(plexus.url, adminCookie, "POST", "/settings/save-all", [{ label: "BACKUP_TYPE", body: "LOCAL" }]);
      }
    },
    TIMEOUT,
  );
});
