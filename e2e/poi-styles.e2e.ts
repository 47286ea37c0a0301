import { describe, expect, test } from "bun:test";
import { apiCall, apiSignIn, browserSuite } from "./setup";
import { makeUser } from "../src/testing/harness";

// /admin/lps: an administrator makes an object style in the 700 px dialog, edits and deletes it; the list follows.

const TIMEOUT = 60_000;
const suite = browserSuite();

describe("object styles", () => {
  test(
    "an administrator creates a style with the red defaults, changes its fill, and deletes it; a plain user is turned away",
    async () => {
      const { plexus } = suite;
      const admin = await makeUser(plexus.db, "ADMIN");
      const cookie = await apiSignIn(plexus.url, admin.login, admin.password);
      const { page } = await suite.pageAs(cookie, { language: "ru" });
      await page.goto(`${plexus.url}/admin/lps`);
      await page.getByRole("heading", { name: "Стили объектов" }).waitFor();
      await page.getByRole("button", { name: "Создать" }).click();
      const dialog = page.getByRole("dialog", { name: "Стиль объекта" });
      expect((await dialog.boundingBox())!.width).toBeCloseTo(700, -1);
      await dialog.getByLabel("Название").fill("Парки");
      expect(await dialog.getByLabel("Толщина").inputValue()).toBe("1");
      await dialog.getByLabel("Толщина").fill("3");
      await dialog.getByRole("button", { name: "Сохранить" }).click();
      await page.getByText("Сохранено").waitFor();
      await dialog.waitFor({ state: "detached" });
      const [saved] = await apiCall(plexus.url, cookie, "GET", "/layer-poi-style");
      expect(saved).toMatchObject({ name: "Парки", fill: "#FF000030", stroke: "#FF0000FF", strokeWidth: 3, imageScale: 1 });

      await page.getByRole("button", { name: "Парки" }).click();
      // Keyboard only: the fill's opacity field, then Enter submits the form.
      const opacity = dialog.getByLabel("Непрозрачность, %").nth(1);
      await opacity.fill("50");
      await opacity.press("Enter");
      await dialog.waitFor({ state: "detached" });
      expect((await apiCall(plexus.url, cookie, "GET", "/layer-poi-style"))[0].fill).toBe("#FF000080");

      await page.getByRole("button", { name: "Парки" }).click();
      await dialog.getByRole("button", { name: "Удалить" }).click();
      await page.getByText("Стиль удален").waitFor();
      await expect(page.getByRole("button", { name: "Парки" }).count()).resolves.toBe(0);

      const user = await suite.pageAs(await apiSignIn(plexus.url, plexus.user.login, plexus.user.password));
      await user.page.goto(`${plexus.url}/admin/lps`);
      expect(new URL(user.page.url()).pathname).toBe("/no-rights");
    },
    TIMEOUT,
  );

  test(
    "at 360 px wide the dialog fits the screen",
    async () => {
      const { plexus } = suite;
      const admin = await makeUser(plexus.db, "ADMIN");
      const { page } = await suite.pageAs(await apiSignIn(plexus.url, admin.login, admin.password), { viewport: { width: 360, height: 740 } });
      await page.goto(`${plexus.url}/admin/lps`);
      await page.getByRole("button", { name: "Create" }).click();
      const box = (await page.getByRole("dialog", { name: "Object style" }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    },
    TIMEOUT,
  );
});
