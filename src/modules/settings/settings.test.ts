import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ROLES } from "../../lib/roles";
import { testApp } from "../../testing/harness";
import { SETTING_DEFAULTS } from "./defaults";

let t: ReturnType<typeof testApp>;
beforeEach(() => (t = testApp()));
afterEach(() => t.close());

describe("settings", () => {
  test("get-general is public and carries the branding only", async () => {
    const res = await t.call("GET", "/settings/get-general");
    expect(res.status).toBe(200);
    expect(res.body.COMPANY_NAME).toBe("Plexus");
    expect(Object.keys(res.body).sort()).toEqual(["COMPANY_FAVICON", "COMPANY_LOGO", "COMPANY_NAME", "SHOW_DISCLAIMER"]);
  });

  test("secured values reach the system administrator only", async () => {
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const { cookie: admin } = await t.userWithCookie("ADMIN");
    const saved = await t.call("POST", "/settings/save-all", { cookie: root, body: [{ label: "SMTP_PASSWORD", body: "s3cret" }] });
    expect(saved.status).toBe(200);
    expect(saved.body.find((s: { label: string }) => s.label === "SMTP_PASSWORD")).toMatchObject({ body: "s3cret", isSecured: true, type: "MAIL" });
    expect((await t.call("GET", "/settings/get-all", { cookie: admin })).status).toBe(403);
    expect(JSON.stringify((await t.call("GET", "/settings/get-general")).body)).not.toContain("s3cret");
  });

  test("unknown labels are refused and nothing is saved", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const res = await t.call("POST", "/settings/save-all", {
      cookie,
      body: [{ label: "COMPANY_NAME", body: "Changed" }, { label: "NOPE", body: "x" }],
    });
    expect(res.status).toBe(422);
    expect((await t.call("GET", "/settings/get-general")).body.COMPANY_NAME).toBe("Plexus");
  });

  test("GIS credentials: the user's own values, and whether a shared account exists, never the shared password", async () => {
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const { cookie: plain } = await t.userWithCookie("USER");
    const { cookie: own } = await t.userWithCookie("USER", { gisLogin: "mine", gisPassword: "mine-pw" });
    expect((await t.call("POST", "/settings/get-gis-credentials", { cookie: plain })).body).toEqual({ GIS_USERNAME: "", GIS_PASSWORD: "", sharedLoginConfigured: false });
    await t.call("POST", "/settings/save-all", { cookie: root, body: [{ label: "GIS_USERNAME", body: "shared" }, { label: "GIS_PASSWORD", body: "shared-pw" }] });
    expect((await t.call("POST", "/settings/get-gis-credentials", { cookie: plain })).body).toEqual({ GIS_USERNAME: "", GIS_PASSWORD: "", sharedLoginConfigured: true });
    expect((await t.call("POST", "/settings/get-gis-credentials", { cookie: own })).body).toEqual({ GIS_USERNAME: "mine", GIS_PASSWORD: "mine-pw", sharedLoginConfigured: true });
  });

  test("no secured setting's value appears in any answer of get-gis-credentials, for any role", async () => {
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const secured = SETTING_DEFAULTS.filter((s) => s.isSecured).map((s) => ({ label: s.label, body: `secret-${s.label.toLowerCase()}-${crypto.randomUUID()}` }));
    expect(secured.map((s) => s.label)).toContain("GIS_PASSWORD");
    expect((await t.call("POST", "/settings/save-all", { cookie: root, body: [...secured, { label: "GIS_USERNAME", body: "shared" }] })).status).toBe(200);
    for (const role of ROLES) {
      for (const own of [{}, { gisLogin: `own-${role}`, gisPassword: `own-pw-${role}` }, { gisPassword: "password-without-login" }]) {
        const { cookie } = await t.userWithCookie(role, own);
        const res = await t.call("POST", "/settings/get-gis-credentials", { cookie });
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        for (const setting of secured) expect(text).not.toContain(setting.body);
        expect(res.body.sharedLoginConfigured).toBe(true);
      }
    }
    expect((await t.call("POST", "/settings/get-gis-credentials")).status).toBe(401);
  });
});
