import { describe, expect, test } from "bun:test";
import { apiSignIn, browserSuite } from "./setup";

const suite = browserSuite();

describe("admin settings", () => {
  test("a secured value stays hidden until Show, a wrong port is refused in the form, the test mail arrives through the SMTP sink", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie);
    await page.goto(`${plexus.url}/admin/settings`);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("hidden-secret");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved").waitFor();
    await page.reload();
    await expect(password.inputValue()).resolves.toBe("");
    expect(await page.content()).not.toContain("hidden-secret");
    await page.getByRole("button", { name: "Show: Password" }).click();
    await expect(password.inputValue()).resolves.toBe("hidden-secret");
    expect(await password.getAttribute("type")).toBe("text");

    const port = page.getByLabel("Port", { exact: true });
    await port.fill("70000");
    await page.getByText("Enter a port from 1 to 65535").waitFor();
    await page.getByRole("button", { name: "Save settings" }).click();
    expect(await port.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole("button", { name: "Send a test mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Send a test mail" });
    const send = dialog.getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    const to = dialog.getByLabel("Send to");
    await to.fill("not-an-address");
    await dialog.getByText("The e-mail address is not valid").waitFor();
    expect(await send.isDisabled()).toBe(true);
    await to.fill("");
    await dialog.getByText("Enter an e-mail address").waitFor();
    await to.fill("tester@example.test");
    await send.click();
    await page.getByText("Test mail sent to tester@example.test").waitFor();
    expect((await plexus.sink.waitFor("tester@example.test")).subject).toBe("Test message");
  });

  test("the settings page works at 360 px without scrolling sideways", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
    await page.goto(`${plexus.url}/admin/settings`);
    await page.getByRole("button", { name: "Save settings" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
