import { describe, expect, test } from "bun:test";
import { apiCall, apiSignIn, browserSuite } from "./setup";

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
    // The value is fetched when asked for: wait for it to arrive.
    await page.waitForFunction((input) => (input as HTMLInputElement).value !== "", await password.elementHandle());
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

  test("GIS: a tile server with a path or a panorama link without {lon} is refused as typed; an XYZ layer on a listed server is accepted, on another refused", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie);
    await page.goto(`${plexus.url}/admin/settings`);
    const hosts = page.getByLabel(/^Tile servers the map may use/);
    const panorama = page.getByLabel(/^Panorama link/);
    await hosts.fill("https://tiles.example.org/osm");
    await page.getByText("Enter http(s) origins only: scheme, host and port, no path (https://tiles.example.org:8443)").waitFor();
    await panorama.fill("https://pano.example.org/?ll={lat}");
    await page.getByText("Enter an http(s) address that holds {lat} and {lon}").waitFor();
    await page.getByRole("button", { name: "Save settings" }).click();
    expect(await hosts.evaluate((el) => el === document.activeElement)).toBe(true);
    await hosts.fill("https://tiles.example.org, http://10.0.0.5:8080");
    await panorama.fill("https://pano.example.org/?ll={lat},{lon}");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved").waitFor();
    await page.reload();
    await expect(hosts.inputValue()).resolves.toBe("https://tiles.example.org, http://10.0.0.5:8080");
    const project = await apiCall(plexus.url, cookie, "POST", "/project/create", { name: "Tiles" });
    const layer = await apiCall(plexus.url, cookie, "POST", "/layer/save", { project: { id: project.id }, name: "Topo", type: "XYZ", url: "https://tiles.example.org/{z}/{x}/{y}.png" });
    expect(layer.tiles).toBe(`/api/tiles/${layer.id}/{z}/{x}/{y}`);
    await expect(apiCall(plexus.url, cookie, "POST", "/layer/save", { project: { id: project.id }, name: "Other", type: "XYZ", url: "https://elsewhere.example.org/{z}/{x}/{y}.png" })).rejects.toThrow("tile_host_not_allowed");
  });

  test("the settings page works at 360 px without scrolling sideways", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
    await page.goto(`${plexus.url}/admin/settings`);
    await page.getByRole("button", { name: "Save settings" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("an edited mail template shows in the live preview, is saved sanitised and is the mail received through the SMTP server; switched off, nothing is sent", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie);
    await page.goto(`${plexus.url}/admin/mail-templates`);
    await page.getByRole("button", { name: "Test mail" }).click();
    await page.getByRole("heading", { name: "Test mail" }).waitFor();
    expect(await page.getByRole("list").filter({ hasText: "{{" }).count()).toBe(0);
    await page.getByText("This mail has no placeholders.").waitFor();
    await page.getByLabel("Subject").fill("Plexus says hello");
    await page.getByLabel("HTML").fill('<h1>Hello from the edited template</h1><script>alert(1)</script><p onclick="x()">Kind regards</p>');
    await page.frameLocator("#mt-preview").getByRole("heading", { name: "Hello from the edited template" }).waitFor();
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Template saved").waitFor();
    await expect(page.getByLabel("HTML").inputValue()).resolves.toBe("<h1>Hello from the edited template</h1><p>Kind regards</p>");

    await apiCall(plexus.url, cookie, "POST", "/settings/send-test-message?email=template@example.test");
    const mail = await plexus.sink.waitFor("template@example.test");
    expect(mail.subject).toBe("Plexus says hello");
    expect(mail.html).toContain("<h1>Hello from the edited template</h1><p>Kind regards</p>");

    await page.getByLabel("Do not send this mail").check();
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByRole("button", { name: /Test mail.*off/ }).waitFor();
    await expect(apiCall(plexus.url, cookie, "POST", "/settings/send-test-message?email=silent@example.test")).rejects.toThrow("mail_template_disabled");

    await page.getByRole("button", { name: "Reset to built-in" }).click();
    await page.getByText("The built-in template is used again").waitFor();
    await expect(page.getByLabel("Subject").inputValue()).resolves.toBe("Test message");
    expect(plexus.sink.mails.flatMap((m) => m.to)).not.toContain("silent@example.test");
  });

  test("a placeholder the kind does not have is warned about, and the preview shows sample values in the kind's own", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie);
    await page.goto(`${plexus.url}/admin/mail-templates`);
    await page.getByRole("button", { name: "Password reset" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    await page.getByLabel("HTML").fill("<p>Hello {{firstName}}, your task {{issueName}} waits.</p>");
    await page.getByText("This kind of mail has no value for {{issueName}}: it would be sent empty.").waitFor();
    await page.frameLocator("#mt-preview").getByText("Hello Anna, your task waits.").waitFor();
    await page.getByLabel("HTML").fill("<p>Hello {{firstName}}</p>");
    await page.frameLocator("#mt-preview").getByText("Hello Anna").waitFor();
    expect(await page.getByText(/has no value for/).count()).toBe(0);
  });

  test("the backup page links the settings its schedule reads by their labels", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie);
    await page.goto(`${plexus.url}/admin/backup`);
    const links = page.getByRole("navigation", { name: "Backup settings" }).getByRole("link");
    expect(await links.allTextContents()).toEqual(["Backup type", "Daily backup time (HH:mm; empty: no schedule)", "Backups to keep"]);
    await links.nth(1).click();
    await page.waitForURL(`${plexus.url}/admin/settings#setting-BACKUP_TIME`);
    await page.getByLabel("Daily backup time (HH:mm; empty: no schedule)").waitFor();
  });

  test("the mail templates page works at 360 px without scrolling sideways", async () => {
    const { plexus } = suite;
    const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
    const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
    await page.goto(`${plexus.url}/admin/mail-templates`);
    await page.getByRole("button", { name: "Save template" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
