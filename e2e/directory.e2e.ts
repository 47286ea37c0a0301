import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PEOPLE, SEEDED_PEOPLE, skipWithoutSlapd, startSlapd, type Slapd } from "../src/testing/slapd";
import { apiCall, apiSignIn, browserSuite } from "./setup";

// Active Directory / LDAP as people meet it: an administrator imports the directory (through the API the
// settings screen calls), and an imported user signs in on the sign-in page with the directory password.

const TIMEOUT = 60_000;
const [ivanov] = SEEDED_PEOPLE;

describe.skipIf(skipWithoutSlapd())("directory sign-in in the browser", () => {
  const suite = browserSuite();
  let slapd: Slapd;
  let admin: string;

  beforeAll(async () => {
    slapd = await startSlapd();
    admin = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
  });
  afterAll(() => slapd.stop());

  async function configure(url = slapd.url) {
    const values = { AD_URL: url, AD_BASE_DN: PEOPLE, AD_BIND_DN: slapd.rootDn, AD_BIND_PASSWORD: slapd.rootPassword, AD_FILTER: "(objectClass=inetOrgPerson)", AD_LOGIN_ATTRIBUTE: "uid", AD_COMPANY_ATTRIBUTE: "o" };
    await apiCall(suite.plexus.url, admin, "POST", "/settings/save-all", Object.entries(values).map(([label, body]) => ({ label, body })));
  }

  async function submitLogin(login: string, password: string) {
    const { page } = await suite.pageAs(undefined, { viewport: { width: 360, height: 740 } });
    await page.goto(`${suite.plexus.url}/login`);
    await page.getByLabel("Login", { exact: true }).fill(login);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    return page;
  }

  test("an imported user signs in with the Cyrillic directory password and finds the directory's fields read-only", async () => {
    await configure();
    const summary = await apiCall(suite.plexus.url, admin, "POST", "/directory/import");
    expect(summary).toMatchObject({ created: 3, skippedCount: 1 });

    const refused = await submitLogin("ivanov", "not-the-password");
    const alert = refused.getByRole("alert");
    await alert.getByText("Please check your login and password").waitFor();

    const page = await submitLogin("ivanov", ivanov.password);
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`${suite.plexus.url}/profile`);
    await page.getByText("This account is imported from Active Directory", { exact: false }).waitFor();
    expect(await page.getByLabel("First name").inputValue()).toBe("Иван");
    expect(await page.getByLabel("First name").isDisabled()).toBe(true);
    expect(await page.getByLabel("Company").inputValue()).toBe("ООО «Ромашка»");
  }, TIMEOUT);

  test("on the settings page an administrator tests the directory and imports it, and reads the counts", async () => {
    await configure();
    const { page } = await suite.pageAs(admin);
    await page.goto(`${suite.plexus.url}/admin/settings`);
    const result = page.locator("#directory-result");
    await page.getByRole("button", { name: "Test the connection" }).click();
    await result.getByText(/entries found/).waitFor();
    expect(await result.textContent()).toMatch(/^4 entries found, \d can be imported\./);
    expect(await result.textContent()).toContain("Connection: plain text, not encrypted");
    await page.getByRole("button", { name: "Import users now" }).click();
    await result.getByText(/skipped/).waitFor();
    expect(await result.textContent()).toMatch(/^4 found: [03] added, [03] updated, 0 enabled again, 0 deactivated, 1 skipped\.$/);
    await configure("ldap://127.0.0.1:1");
    try {
      await page.getByRole("button", { name: "Test the connection" }).click();
      await page.waitForFunction(() => !/found/.test(document.getElementById("directory-result")!.textContent!) && !/Asking/.test(document.getElementById("directory-result")!.textContent!));
      expect(await result.textContent()).not.toBe("");
    } finally {
      await configure();
    }
  }, TIMEOUT);

  test("while the directory cannot be reached the sign-in page says so, not that the password is wrong", async () => {
    await configure();
    await apiCall(suite.plexus.url, admin, "POST", "/directory/import");
    await configure("ldap://127.0.0.1:1");
    try {
      const page = await submitLogin("petrov", SEEDED_PEOPLE[1].password);
      await page.getByRole("alert").getByText("Signing in through the directory is not possible right now", { exact: false }).waitFor();
    } finally {
      await configure();
    }
  }, TIMEOUT);
});
