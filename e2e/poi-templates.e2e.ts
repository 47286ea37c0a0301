import { describe, expect, test } from "bun:test";
import { apiCall, apiSignIn, browserSuite } from "./setup";
import { makeUser } from "../src/testing/harness";

// /admin/poi-templates: an administrator makes a template with fields and a style rule; a system administrator deactivates it.

const TIMEOUT = 60_000;
const suite = browserSuite();

describe("point templates", () => {
  test(
    "an administrator makes a style, then a polygon template with fields and a rule on a number field",
    async () => {
      const { plexus } = suite;
      const admin = await makeUser(plexus.db, "ADMIN");
      const cookie = await apiSignIn(plexus.url, admin.login, admin.password);
      const green = await apiCall(plexus.url, cookie, "POST", "/layer-poi-style", { name: "Green", fill: "#00FF0080" });
      const { page } = await suite.pageAs(cookie);
      await page.goto(`${plexus.url}/admin/poi-templates`);
      await page.getByRole("button", { name: "New template" }).click();
      const dialog = page.getByRole("dialog", { name: "New template" });
      await dialog.getByLabel("Template name").fill("Park");
      await dialog.getByLabel("Geometry type").selectOption("POLYGON");
      await dialog.getByRole("button", { name: "Add field" }).click();
      await dialog.getByLabel("Field name").nth(0).fill("Title");
      await dialog.getByLabel("Part of the name").nth(0).check();
      await dialog.getByRole("button", { name: "Add field" }).click();
      await dialog.getByLabel("Field name").nth(1).fill("Area");
      await dialog.getByLabel("Type", { exact: true }).nth(1).selectOption("NUMBER");
      expect(await dialog.getByLabel("Part of the name").nth(1).isDisabled()).toBe(true);

      await dialog.getByRole("button", { name: "Add rule" }).click();
      await dialog.getByText("rule not set").waitFor();
      const rule = dialog.locator(".poi-row").filter({ hasText: "rule not set" });
      await rule.getByLabel("Field").selectOption({ label: "Area" });
      expect(await rule.getByLabel("Condition").locator("option").allTextContents()).toEqual(["—", "equals", "less than", "more than"]);
      await rule.getByLabel("Condition").selectOption("MORE");
      await rule.getByLabel("Value").fill("100");
      await rule.getByLabel("Style").selectOption({ label: "Green" });
      await dialog.getByText("Area more than 100 = Green").waitFor();
      // Another field clears the condition, the value and the style.
      await dialog.locator(".poi-row").filter({ hasText: "Area more than 100" }).getByLabel("Field").selectOption({ label: "Title" });
      await dialog.getByText("rule not set").waitFor();
      const again = dialog.locator(".poi-row").filter({ hasText: "rule not set" });
      await again.getByLabel("Field").selectOption({ label: "Area" });
      await again.getByLabel("Condition").selectOption("MORE");
      await again.getByLabel("Value").fill("100");
      await again.getByLabel("Style").selectOption({ label: "Green" });

      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Template saved").waitFor();
      const [template] = await apiCall(plexus.url, cookie, "GET", "/layer-poi-template");
      expect(template).toMatchObject({ name: "Park", graphType: "POLYGON", isActive: true });
      expect(template.fields.map((f: { name: string; type: string; partOfName: boolean }) => [f.name, f.type, f.partOfName])).toEqual([
        ["Title", "STRING", true],
        ["Area", "NUMBER", false],
      ]);
      expect(template.rules).toEqual([{ field: { id: template.fields[1].id, name: "Area" }, predicate: "MORE", thresholdValue: "100", layerPoiStyle: { id: green.id } }]);
      expect(await page.getByRole("button", { name: /Park/ }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Deactivate" }).count()).toBe(0);

      const root = await suite.pageAs(await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password));
      await root.page.goto(`${plexus.url}/admin/poi-templates`);
      await root.page.getByRole("button", { name: /Park/ }).click();
      await root.page.getByRole("dialog", { name: "Template" }).getByRole("button", { name: "Deactivate" }).click();
      await root.page.getByText("Template deactivated").waitFor();
      expect((await apiCall(plexus.url, cookie, "GET", "/layer-poi-template"))[0].isActive).toBe(false);
    },
    TIMEOUT,
  );
});
