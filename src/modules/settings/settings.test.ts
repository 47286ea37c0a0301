import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp } from "../../testing/harness";

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

  test("GIS credentials: the user's own override the shared ones", async () => {
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    await t.call("POST", "/settings/save-all", { cookie: root, body: [{ label: "GIS_USERNAME", body: "shared" }, { label: "GIS_PASSWORD", body: "shared-pw" }] });
    const { cookie: plain } = await t.userWithCookie("USER");
    const { cookie: own } = await t.userWithCookie("USER", { gisLogin: "mine", gisPassword: "mine-pw" });
    expect((await t.call("POST", "/settings/get-gis-credentials", { cookie: plain })).body).toEqual({ GIS_USERNAME: "shared", GIS_PASSWORD: "shared-pw" });
    expect((await t.call("POST", "/settings/get-gis-credentials", { cookie: own })).body).toEqual({ GIS_USERNAME: "mine", GIS_PASSWORD: "mine-pw" });
  });
});
