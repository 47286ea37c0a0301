import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { apiCall, apiSignIn, browserSuite } from "./setup";
import { audit } from "../src/modules/audit/service";

// /admin/users: roles, activation, a sign-in link and the XLSX download; /admin/user-activity: pages, sorting and the user filter.

const TIMEOUT = 60_000;
const suite = browserSuite();

describe("administering users", () => {
  test(
    "an administrator deactivates and activates a user, changes their role, and downloads the users as XLSX",
    async () => {
      const { plexus } = suite;
      const target = await plexus.newUser({ lastName: "Deactivatee" });
      const { page } = await suite.pageAs(await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password));
      await page.goto(`${plexus.url}/admin/users`);
      const row = page.locator(`tr[data-user-id="${target.id}"]`);
      await row.getByRole("button", { name: "Deactivate" }).click();
      await page.locator("#deactivate-dialog").getByRole("button", { name: "Deactivate" }).click();
      await row.getByRole("button", { name: "Activate" }).waitFor();
      await row.getByRole("button", { name: "Activate" }).click();
      await row.getByRole("button", { name: "Deactivate" }).waitFor();

      await row.getByRole("combobox").selectOption("MODERATOR");
      await page.getByText("Role changed").waitFor();
      await page.reload();
      expect(await page.locator(`tr[data-user-id="${target.id}"]`).getByRole("combobox").inputValue()).toBe("MODERATOR");

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile((await download.path())!);
      const logins = book.worksheets[0].getColumn(3).values;
      expect(logins).toContain(target.login);
    },
    TIMEOUT,
  );

  test(
    "a sign-in link made by the administrator signs the user in once, then says it is no longer valid",
    async () => {
      const { plexus } = suite;
      const target = await plexus.newUser();
      const { page } = await suite.pageAs(await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password));
      await page.goto(`${plexus.url}/admin/users`);
      await page.locator(`tr[data-user-id="${target.id}"]`).getByRole("button", { name: "Sign-in link" }).click();
      await page.getByRole("dialog", { name: "Sign-in link" }).waitFor();
      const url = await page.locator("#link-url").inputValue();
      expect(url).toContain("/sign-in-link?token=");

      const guest = await suite.pageAs();
      await guest.page.goto(url);
      await guest.page.getByRole("button", { name: "Sign in" }).click();
      await guest.page.waitForURL(`${plexus.url}/`);
      const me = await guest.page.evaluate(() => fetch("/api/users/get-user", { headers: { "x-requested-with": "plexus" } }).then((r) => r.json()));
      expect(me.login).toBe(target.login);

      const again = await suite.pageAs();
      await again.page.goto(url);
      await again.page.getByRole("button", { name: "Sign in" }).click();
      await again.page.getByText("This link is not valid or has expired").waitFor();
    },
    TIMEOUT,
  );

  test(
    "at 360 px the users table scrolls inside its box and the activity page pages, sorts and filters by user",
    async () => {
      const { plexus } = suite;
      const ann = await plexus.newUser({ login: `ann-${Date.now()}` });
      for (let i = 0; i < 30; i++) audit(plexus.db, ann.id, "UPDATE", `ann step ${i}`);
      const { page } = await suite.pageAs(await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password), { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/admin`);
      await page.waitForURL(`${plexus.url}/admin/users`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.getByRole("link", { name: "User activity" }).click();
      await page.getByLabel("User", { exact: true }).selectOption(String(ann.id));
      await page.getByText("Page 1 of 2, 30 events").waitFor();
      expect(await page.locator("#activity-table tbody tr").first().textContent()).toContain("ann step 29");
      await page.getByRole("button", { name: "Next page" }).click();
      await page.getByText("Page 2 of 2, 30 events").waitFor();
      expect(await page.locator("#activity-table tbody tr").count()).toBe(5);
      await page.getByRole("button", { name: "Date" }).click();
      await page.getByText("Page 1 of 2, 30 events").waitFor();
      await page.locator("#activity-table tbody tr", { hasText: "ann step 0" }).first().waitFor();
      expect(await page.locator("#activity-table tbody tr").first().textContent()).toContain("ann step 0");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    TIMEOUT,
  );

  test(
    "opening a table and a document is logged as READ, shown in the reader's words, linking the item or naming one deleted for good",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const reader = await plexus.newUser({ login: `reader-${Date.now()}` });
      const projectId = (await apiCall(plexus.url, adminCookie, "POST", "/project/create", { name: "Audit bridge" })).id;
      await apiCall(plexus.url, adminCookie, "POST", "/project/add-user-project", { user: { id: reader.id }, project: { id: projectId }, moderator: true });
      const readerCookie = await apiSignIn(plexus.url, reader.login, reader.password);
      const save = (body: Record<string, unknown>) => apiCall(plexus.url, readerCookie, "POST", "/data/save", { project: { id: projectId }, ...body });
      const table = await save({ dataType: "TABLE", name: "Pylons", value: JSON.stringify({ headers: [], items: [] }) });
      const doc = await save({ dataType: "DOC", name: "Span report" });

      const { page: readerPage } = await suite.pageAs(readerCookie);
      await readerPage.goto(`${plexus.url}/project/${projectId}/table/${table.id}`);
      await readerPage.goto(`${plexus.url}/project/${projectId}/doc/${doc.id}`);

      await apiCall(plexus.url, adminCookie, "GET", `/data/remove?id=${doc.id}`);
      await apiCall(plexus.url, adminCookie, "GET", `/data/remove-forever?id=${doc.id}`);

      const { page } = await suite.pageAs(adminCookie);
      await page.goto(`${plexus.url}/admin/user-activity`);
      await page.getByLabel("User", { exact: true }).selectOption(String(reader.id));
      const reads = page.locator('#activity-table tbody tr:has(td:nth-child(3):text-is("Viewed"))');
      await reads.nth(1).waitFor();
      expect(await reads.count()).toBe(2);
      // The document is gone: its name stays, as text, never a link to a page that no longer exists.
      const gone = reads.filter({ hasText: "Span report" }).locator("td:nth-child(5)");
      expect([await gone.textContent(), await gone.locator("a").count()]).toEqual(["Span report", 0]);
      await reads.getByRole("link", { name: "Pylons" }).click();
      await page.waitForURL(`${plexus.url}/project/${projectId}/table/${table.id}`);
    },
    TIMEOUT,
  );
});
