import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// The SMTP section of /admin/settings on an install whose mail settings come from the page, not the
// environment: it says which transport is in force, and the test mail names a missing STARTTLS.

let plexus: Plexus;
let browser: Browser;

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus({ mail: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

test("the transport in force follows the fields; a relay without STARTTLS gets no password and a clear refusal; allowed plain text on loopback, the mail goes", async () => {
  const cookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  const { page } = await signedInPage(browser, plexus.url, cookie);
  await page.goto(`${plexus.url}/admin/settings`);
  const status = page.locator("#mail-transport");
  await status.getByText("Transport in force: STARTTLS required.", { exact: false }).waitFor();
  await status.getByText("signed by a CA this system trusts", { exact: false }).waitFor();

  await page.getByLabel("SMTP server").fill("127.0.0.1");
  await page.getByLabel("Port", { exact: true }).fill(String(plexus.sink.port));
  await page.getByLabel("User name").fill("plexus");
  await page.getByLabel("Password", { exact: true }).fill("smtp-secret");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved").waitFor();

  const dialog = page.getByRole("dialog", { name: "Send a test mail" });
  await page.getByRole("button", { name: "Send a test mail" }).click();
  await dialog.getByLabel("Send to").fill("tester@example.test");
  await dialog.getByRole("button", { name: "Send" }).click();
  await dialog.getByText("The mail server does not offer STARTTLS, so nothing was sent", { exact: false }).waitFor();
  expect(plexus.sink.logins).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByLabel("TLS from the start (port 465)").check();
  await status.getByText("Transport in force: TLS from the start.").waitFor();
  await page.getByLabel("TLS from the start (port 465)").uncheck();
  await page.getByLabel("Allow plain text to a relay on this machine", { exact: false }).check();
  await status.getByText("plain text on loopback (allowed by an administrator)", { exact: false }).waitFor();
  await status.getByText("Certificate check: none, there is no TLS.").waitFor();
  await page.getByLabel("SMTP server").fill("mail.example.test");
  await status.getByText("mail.example.test is not one, so STARTTLS is required", { exact: false }).waitFor();
  await page.getByLabel("SMTP server").fill("127.0.0.1");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved").waitFor();

  await page.getByRole("button", { name: "Send a test mail" }).click();
  await dialog.getByLabel("Send to").fill("tester@example.test");
  await dialog.getByRole("button", { name: "Send" }).click();
  await page.getByText("Test mail sent to tester@example.test").waitFor();
  await plexus.sink.waitFor("tester@example.test");
  expect(plexus.sink.logins).toEqual(["plexus"]);
}, 60_000);
