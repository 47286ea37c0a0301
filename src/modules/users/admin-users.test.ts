import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { activityLog, passwordResetRequests } from "../../../db/schema";
import { makeUser, withTestApp } from "../../testing/harness";
import { SIGN_IN_LINK_MS } from "./sign-in-link";

const { t } = withTestApp();

const setRole = (cookie: string, id: number, groupName: string) => t.call("POST", "/users/save", { cookie, body: { id, role: { groupName } } });
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("roles", () => {
  test("an ADMIN gives USER and MODERATOR to those below, never ADMIN or SYSTEM_ADMIN; a SYSTEM_ADMIN gives any role", async () => {
    const { cookie: admin } = await t.userWithCookie("ADMIN");
    const { cookie: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const { user } = await t.userWithCookie();
    expect((await setRole(admin, user.id, "MODERATOR")).body.role.groupName).toBe("MODERATOR");
    for (const role of ["ADMIN", "SYSTEM_ADMIN"]) {
      expect((await setRole(admin, user.id, role)).status).toBe(403);
      expect(t.reload(user.id).role).toBe("MODERATOR");
    }
    expect((await setRole(root, user.id, "SYSTEM_ADMIN")).body.role.groupName).toBe("SYSTEM_ADMIN");
    const roles = await t.call("GET", "/users/get-all-user-roles", { cookie: admin });
    expect(roles.body.map((r: { groupName: string }) => r.groupName)).toEqual(["USER", "MODERATOR", "ADMIN", "SYSTEM_ADMIN"]);
  });

  test("the last active SYSTEM_ADMIN cannot step down (409 last_system_admin); with another one they can", async () => {
    const { user: root, cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const alone = await setRole(cookie, root.id, "ADMIN");
    expect([alone.status, alone.body.error]).toEqual([409, "last_system_admin"]);
    expect(t.reload(root.id).role).toBe("SYSTEM_ADMIN");
    // An inactive SYSTEM_ADMIN does not count: nobody could sign in as them.
    await makeUser(t.db, "SYSTEM_ADMIN", { isActive: false });
    expect((await setRole(cookie, root.id, "ADMIN")).status).toBe(409);
    await t.userWithCookie("SYSTEM_ADMIN");
    expect((await setRole(cookie, root.id, "ADMIN")).body.role.groupName).toBe("ADMIN");
  });
});

describe("the activity log", () => {
  const logged = (userId: number) =>
    t.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().filter((row) => row.activityType !== "LOGIN").map((row) => [row.activityType, row.description]);

  test("a role change is logged by the administrator with the old and the new role; a save keeping the role logs no role", async () => {
    const { cookie, user: admin } = await t.userWithCookie("ADMIN");
    const { user } = await t.userWithCookie();
    expect((await setRole(cookie, user.id, "MODERATOR")).status).toBe(200);
    expect((await setRole(cookie, user.id, "MODERATOR")).status).toBe(200);
    expect(logged(admin.id)).toEqual([
      ["UPDATE", `user ${user.login}`],
      ["UPDATE", `role of ${user.login}: USER -> MODERATOR`],
      ["UPDATE", `user ${user.login}`],
    ]);
  });

  test("deactivating and activating a user are logged by the administrator, naming the account", async () => {
    const { cookie, user: admin } = await t.userWithCookie("ADMIN");
    const { user } = await t.userWithCookie();
    expect((await t.call("POST", `/users/deactivate?id=${user.id}`, { cookie })).status).toBe(200);
    expect((await t.call("POST", `/users/activate?id=${user.id}`, { cookie })).status).toBe(200);
    expect(logged(admin.id)).toEqual([["USER_DEACTIVATION", user.login], ["USER_ACTIVATION", user.login]]);
  });
});

describe("generate-token", () => {
  test("an ADMIN's link signs the user in once; the second use is refused and the log says so", async () => {
    const { user: admin, cookie } = await t.userWithCookie("ADMIN");
    const { user } = await t.userWithCookie();
    const res = await t.call("POST", `/users/generate-token?userId=${user.id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.url).toStartWith(`${t.config.publicUrl}/sign-in-link?token=`);
    const token = tokenOf(res.body.url);
    // The reset page does not take it: the link only signs in, it never sets a password.
    expect((await t.call("GET", `/reset-password/get-log?token=${encodeURIComponent(token)}`)).status).toBe(400);

    const first = await t.call("POST", "/users/sign-in-with-token", { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.login).toBe(user.login);
    const session = first.headers.get("set-cookie")!.split(";")[0];
    expect((await t.call("GET", "/users/get-user", { cookie: session })).body.id).toBe(user.id);

    const second = await t.call("POST", "/users/sign-in-with-token", { body: { token } });
    expect([second.status, second.body.error]).toEqual([400, "invalid_token"]);
    const kinds = t.db.select().from(activityLog).all().map((row) => [row.userId, row.activityType, row.description]);
    expect(kinds).toContainEqual([admin.id, "UPDATE", `sign-in link for ${user.login}`]);
    expect(kinds).toContainEqual([user.id, "LOGIN", "sign-in link"]);
  });

  test("a link lives 15 minutes at most, an expired one is refused, and an account deactivated since cannot use its link", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    const { user } = await t.userWithCookie();
    const make = async () => tokenOf((await t.call("POST", `/users/generate-token?userId=${user.id}`, { cookie })).body.url);
    const expired = await make();
    t.db.update(passwordResetRequests).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(passwordResetRequests.userId, user.id)).run();
    expect((await t.call("POST", "/users/sign-in-with-token", { body: { token: expired } })).status).toBe(400);
    const pending = await make();
    const open = t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.userId, user.id)).all().at(-1)!;
    expect(open.expiresAt.getTime() - open.createdAt.getTime()).toBeLessThanOrEqual(SIGN_IN_LINK_MS + 1000);
    await t.call("POST", `/users/deactivate?id=${user.id}`, { cookie });
    expect((await t.call("POST", "/users/sign-in-with-token", { body: { token: pending } })).status).toBe(400);
  });

  test("nobody makes a link for themselves, an equal, a superior or an inactive account; bad tokens are a 4xx", async () => {
    const { user: admin, cookie } = await t.userWithCookie("ADMIN");
    const { user: otherAdmin } = await t.userWithCookie("ADMIN");
    const { user: root } = await t.userWithCookie("SYSTEM_ADMIN");
    const { user: waiting } = await t.userWithCookie("USER");
    for (const id of [admin.id, otherAdmin.id, root.id]) {
      expect((await t.call("POST", `/users/generate-token?userId=${id}`, { cookie })).status).toBe(403);
    }
    await t.call("POST", `/users/deactivate?id=${waiting.id}`, { cookie });
    const inactive = await t.call("POST", `/users/generate-token?userId=${waiting.id}`, { cookie });
    expect([inactive.status, inactive.body.error]).toEqual([409, "sign_in_link_inactive"]);
    expect((await t.call("POST", "/users/generate-token?userId=999999", { cookie })).status).toBe(404);
    expect(t.db.select().from(passwordResetRequests).all()).toEqual([]);
    for (const body of [{}, { token: "" }, { token: "x".repeat(5000) }, { token: 5 }, { token: "nope" }]) {
      const res = await t.call("POST", "/users/sign-in-with-token", { body });
      expect([body, res.status >= 400 && res.status < 500]).toEqual([body, true]);
      expect(res.headers.get("set-cookie") ?? "").not.toContain("plexus_session=");
    }
  });
});

describe("users/export/xlsx", () => {
  test("an ADMIN downloads every user as a workbook exceljs reads, without secrets; the download is audited", async () => {
    const { user: admin, cookie } = await t.userWithCookie("ADMIN");
    const { user } = await t.userWithCookie("USER", { lastName: "Иванов", position: "=HYPERLINK(\"http://evil.test\")", gisPassword: "secret-gis" });
    const res = await t.app.handle(new Request("http://plexus.test/api/users/export/xlsx", { headers: { cookie, "sec-fetch-mode": "navigate" } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("users.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe("Login");
    const values = sheet.getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1));
    const mine = values.find((row) => row[2] === user.login)!;
    expect(mine.slice(0, 4)).toEqual(["Иванов", user.firstName, user.login, user.email]);
    expect(sheet.getRow(values.indexOf(mine) + 2).getCell(6).formula).toBeUndefined();
    expect(values.length).toBe(2);
    expect(JSON.stringify(values)).not.toContain("secret-gis");
    expect(t.db.select().from(activityLog).where(eq(activityLog.userId, admin.id)).all().map((r) => r.activityType)).toContain("DOWNLOAD");
    const { cookie: plain } = await t.userWithCookie();
    expect((await t.call("GET", "/users/export/xlsx", { cookie: plain })).status).toBe(403);
  });
});
