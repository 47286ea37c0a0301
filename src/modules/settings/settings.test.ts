import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog } from "../../../db/schema";
import { ROLES } from "../../lib/roles";
import { translator } from "../../lib/i18n";
import type { MessageKey } from "../../../locales/en";
import { withTestApp } from "../../testing/harness";
import { SETTING_DEFAULTS } from "./defaults";
import { allowedTileOrigins, panoramaTemplate } from "./service";

const en = translator("en");
const { t } = withTestApp();

describe("settings", () => {
  test("GIS: the tile servers allowed are read as origins, whatever the separators; the panorama link as given", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const body = [
      { label: "GIS_TILE_HOSTS", body: "https://Tile.Example.org:443/,\n http://127.0.0.1:8080  https://b.example.org:8443" },
      { label: "GIS_PANORAMA_URL", body: "https://pano.example.org/?ll={lat},{lon}&z=17" },
    ];
    expect((await t.call("POST", "/settings/save-all", { cookie, body })).status).toBe(200);
    expect([...allowedTileOrigins(t.db)]).toEqual(["https://tile.example.org", "http://127.0.0.1:8080", "https://b.example.org:8443"]);
    expect(panoramaTemplate(t.db)).toBe("https://pano.example.org/?ll={lat},{lon}&z=17");
    await t.call("POST", "/settings/save-all", { cookie, body: [{ label: "GIS_TILE_HOSTS", body: "" }, { label: "GIS_PANORAMA_URL", body: "" }] });
    expect(allowedTileOrigins(t.db).size).toBe(0);
    expect(panoramaTemplate(t.db)).toBeNull();
  });

  test("get-general is public and carries the branding only", async () => {
    const res = await t.call("GET", "/settings/get-general");
    expect(res.status).toBe(200);
    expect(res.body.COMPANY_NAME).toBe("Plexus");
    expect(Object.keys(res.body).sort()).toEqual(["COMPANY_FAVICON", "COMPANY_LOGO", "COMPANY_NAME", "SHOW_DISCLAIMER"]);
  });

  test("secured values never leave in get-all or save-all; a SYSTEM_ADMIN reveals one at a time, nobody else", async () => {
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const { cookie: admin } = await t.userWithCookie("ADMIN");
    const saved = await t.call("POST", "/settings/save-all", { cookie: root, body: [{ label: "SMTP_PASSWORD", body: "s3cret" }] });
    expect(saved.status).toBe(200);
    expect(saved.body.find((s: { label: string }) => s.label === "SMTP_PASSWORD")).toMatchObject({ body: "", isSet: true, isSecured: true, type: "MAIL" });
    expect(JSON.stringify(saved.body)).not.toContain("s3cret");
    const all = await t.call("GET", "/settings/get-all", { cookie: root });
    expect(all.status).toBe(200);
    expect(JSON.stringify(all.body)).not.toContain("s3cret");
    expect(all.body.find((s: { label: string }) => s.label === "GIS_PASSWORD")).toMatchObject({ body: "", isSet: false });
    const revealed = await t.call("POST", "/settings/reveal?label=SMTP_PASSWORD", { cookie: root });
    expect(revealed).toMatchObject({ status: 200, body: { label: "SMTP_PASSWORD", body: "s3cret" } });
    for (const role of ["USER", "MODERATOR", "ADMIN"] as const) {
      const { cookie } = await t.userWithCookie(role);
      const res = await t.call("POST", "/settings/reveal?label=SMTP_PASSWORD", { cookie });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain("s3cret");
    }
    expect((await t.call("POST", "/settings/reveal?label=SMTP_PASSWORD")).status).toBe(401);
    expect((await t.call("POST", "/settings/reveal?label=NOPE", { cookie: root })).status).toBe(404);
    expect((await t.call("GET", "/settings/get-all", { cookie: admin })).status).toBe(403);
    expect(JSON.stringify((await t.call("GET", "/settings/get-general")).body)).not.toContain("s3cret");
  });

  test("each value is checked against its kind: a wrong one is refused with 422 naming the key, and nothing is saved", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const wrong: [string, string, string][] = [
      ["SMTP_PORT", "0", "port"],
      ["SMTP_PORT", "65536", "port"],
      ["SMTP_PORT", "25a", "port"],
      ["SMTP_SECURE", "yes", "boolean"],
      ["SMTP_SECURE", "", "boolean"],
      ["SMTP_HOST", "mail server.example", "host"],
      ["SMTP_HOST", "http://mail.example", "host"],
      ["SMTP_FROM", "Plexus <not an address>", "mailbox"],
      ["SMTP_FROM", "evil@example.test\r\nBcc: x@example.test", "mailbox"],
      ["AD_URL", "http://dc.example", "url"],
      ["AD_URL", "ldap//dc", "url"],
      ["COMPANY_LOGO", "javascript:alert(1)", "link"],
      ["COMPANY_LOGO", "//evil.example/logo.png", "link"],
      ["NOTIFY_NEW_USER", "1", "boolean"],
      ["FTP_PORT", "99999", "port"],
      ["FTP_UPLOAD_BACKUPS", "maybe", "boolean"],
      ["BACKUP_KEEP", "-1", "number"],
      ["GIS_TILE_HOSTS", "https://tile.example.org/tiles", "origins"],
      ["GIS_TILE_HOSTS", "https://tile.example.org, ftp://tile.example.org", "origins"],
      ["GIS_TILE_HOSTS", "https://user:pw@tile.example.org", "origins"],
      ["GIS_TILE_HOSTS", "tile.example.org", "origins"],
      ["GIS_PANORAMA_URL", "https://pano.example.org/?ll={lat}", "coordinateLink"],
      ["GIS_PANORAMA_URL", "javascript:alert({lat},{lon})", "coordinateLink"],
    ];
    for (const [label, body, kind] of wrong) {
      const res = await t.call("POST", "/settings/save-all", { cookie, body: [{ label: "COMPANY_NAME", body: "Changed" }, { label, body }] });
      expect(res.status, `${label}=${body}`).toBe(422);
      expect(res.body.details).toEqual([expect.objectContaining({ path: `body.${label}` })]);
      expect(res.body.details[0].message).toBe(en(`admin.settings.invalid.${kind}` as MessageKey));
    }
    expect((await t.call("GET", "/settings/get-general")).body.COMPANY_NAME).toBe("Plexus");
    const right = [
      { label: "SMTP_PORT", body: " 2525 " },
      { label: "SMTP_SECURE", body: "true" },
      { label: "SMTP_HOST", body: "smtp.example.test" },
      { label: "SMTP_FROM", body: "Плексус <plexus@example.test>" },
      { label: "AD_URL", body: "ldaps://dc.example.test:636" },
      { label: "FTP_HOST", body: "10.0.0.7" },
      { label: "COMPANY_LOGO", body: "https://cdn.example.test/logo.png" },
      { label: "SMTP_USER", body: "" },
    ];
    const saved = await t.call("POST", "/settings/save-all", { cookie, body: right });
    expect(saved.status).toBe(200);
    const byLabel = Object.fromEntries(saved.body.map((s: { label: string; body: string }) => [s.label, s]));
    expect(byLabel.SMTP_PORT).toMatchObject({ body: "2525", kind: "port" });
    expect(byLabel.AD_URL).toMatchObject({ body: "ldaps://dc.example.test:636", kind: "url", schemes: ["ldap:", "ldaps:"] });
    expect(byLabel.SMTP_FROM.body).toBe("Плексус <plexus@example.test>");
  });

  test("numbers are read as the administrator's locale writes them and stored as plain digits; what is not one is refused", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const save = (locale: string, body: { label: string; body: string }[]) => t.call("POST", "/settings/save-all", { cookie: `${cookie}; plexus_locale=${locale}`, body });
    const saved = await save("ru", [{ label: "BACKUP_KEEP", body: "1\u00a0000" }, { label: "SMTP_PORT", body: "2 525" }]);
    expect(saved.status).toBe(200);
    const byLabel = Object.fromEntries(saved.body.map((s: { label: string; body: string }) => [s.label, s.body]));
    expect([byLabel.BACKUP_KEEP, byLabel.SMTP_PORT]).toEqual(["1000", "2525"]);
    for (const [locale, body] of [["ru", "2,5"], ["es", "1.234"], ["en", "1 000"], ["en", "12,34"]]) {
      const res = await save(locale, [{ label: "COMPANY_NAME", body: "Changed" }, { label: "BACKUP_KEEP", body }]);
      expect(res.status, `${locale} ${body}`).toBe(422);
      expect(res.body.details).toEqual([expect.objectContaining({ path: "body.BACKUP_KEEP" })]);
    }
    expect((await t.call("GET", "/settings/get-general")).body.COMPANY_NAME).toBe("Plexus");
  });

  test("saving logs one UPDATE by the administrator naming the settings whose value changed, none that stayed the same", async () => {
    const { cookie, user } = await t.userWithCookie("SYSTEM_ADMIN");
    const body = [{ label: "COMPANY_NAME", body: "Plexus" }, { label: "SMTP_PORT", body: "2525" }, { label: "SMTP_HOST", body: "mail.example.test" }];
    expect((await t.call("POST", "/settings/save-all", { cookie, body })).status).toBe(200);
    expect((await t.call("POST", "/settings/save-all", { cookie, body })).status).toBe(200);
    const rows = t.db.select().from(activityLog).where(eq(activityLog.userId, user.id)).all().filter((row) => row.activityType !== "LOGIN");
    expect(rows.map((row) => [row.activityType, row.description, row.dataId])).toEqual([["UPDATE", "settings SMTP_PORT, SMTP_HOST", null]]);
  });

  test("saving a secured setting logs its key only, never the value", async () => {
    const { cookie, user } = await t.userWithCookie("SYSTEM_ADMIN");
    const body = [{ label: "SMTP_PASSWORD", body: "s3cret-pw" }, { label: "FTP_PASSWORD", body: "ftp-s3cret" }];
    expect((await t.call("POST", "/settings/save-all", { cookie, body })).status).toBe(200);
    const rows = t.db.select().from(activityLog).all();
    expect(rows.filter((row) => row.userId === user.id && row.activityType === "UPDATE").map((row) => row.description)).toEqual(["settings SMTP_PASSWORD, FTP_PASSWORD"]);
    expect(JSON.stringify(rows)).not.toMatch(/s3cret/);
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
