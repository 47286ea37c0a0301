import { describe, expect, test } from "bun:test";
import { activityLog } from "../db/schema";
import { apiCall, apiSignIn, browserSuite, islandsHydrated } from "./setup";

// /admin/user-activity's filters in Debian's chromium: event kind, days and text, filtered on the server, kept in
// the address (a reload shows the same rows), and a task the event names linked to its page.

const TIMEOUT = 60_000;
const suite = browserSuite();

describe("the activity log's filters", () => {
  test(
    "kind, days and text narrow the log on the server, live in the address, and the task an event names opens",
    async () => {
      const { plexus } = suite;
      const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
      const projectId = (await apiCall(plexus.url, adminCookie, "POST", "/project/create", { name: "Filter bridge" })).id;
      const task = await apiCall(plexus.url, adminCookie, "POST", "/issue/save", { name: "Inspect the bearings on span 2", project: { id: projectId } });
      const marker = `Marker-${Date.now()}`;
      const at = (day: number) => new Date(2026, 10, day, 12);
      for (const [activityType, description, day] of [
        ["UPDATE", `${marker} pier one`, 10],
        ["UPDATE", `${marker} pier two`, 12],
        ["DELETE", `${marker} pier three`, 12],
      ] as const) {
        plexus.db.insert(activityLog).values({ userId: plexus.admin.id, activityType, description, date: at(day) }).run();
      }

      const { page } = await suite.pageAs(adminCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/admin/user-activity`);
      await islandsHydrated(page);
      const rows = page.locator("#activity-table tbody tr");

      await page.getByLabel("Text").fill(marker);
      await page.getByText("Page 1 of 1, 3 events").waitFor();
      await page.getByLabel("Event", { exact: true }).selectOption("UPDATE");
      await page.getByText("Page 1 of 1, 2 events").waitFor();
      await page.getByLabel("From").fill("2026-11-11");
      await page.getByText("Page 1 of 1, 1 events").waitFor();
      expect(await rows.first().textContent()).toContain(`${marker} pier two`);
      expect(new URL(page.url()).search).toBe(`?kind=UPDATE&from=2026-11-11&q=${marker}`);

      await page.reload();
      await page.getByText("Page 1 of 1, 1 events").waitFor();
      expect(await page.getByLabel("Text").inputValue()).toBe(marker);
      expect(await page.getByLabel("Event", { exact: true }).inputValue()).toBe("UPDATE");
      expect(await page.getByLabel("From").inputValue()).toBe("2026-11-11");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.goto(`${plexus.url}/admin/user-activity?kind=CREATE&q=${encodeURIComponent("span 2")}`);
      const created = rows.filter({ hasText: "Task: Inspect the bearings on span 2" });
      await created.first().waitFor();
      expect(await created.first().textContent()).toContain("Created");
      await created.first().getByRole("link", { name: "Inspect the bearings on span 2" }).click();
      await page.waitForURL(`${plexus.url}/project/${projectId}/issue/${task.id}`);
    },
    TIMEOUT,
  );
});
