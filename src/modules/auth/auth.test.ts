import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, sessions } from "../../../db/schema";
import { testApp } from "../../testing/harness";

let t: ReturnType<typeof testApp>;
beforeEach(() => (t = testApp()));
afterEach(() => t.close());

describe("POST /api/login", () => {
  test("signs in, sets an HttpOnly SameSite=Lax cookie, keeps only a hash and records LOGIN", async () => {
    const { user } = await t.userWithCookie();
    const res = await t.call("POST", "/login", { body: { username: user.login.toUpperCase(), password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.login).toBe(user.login);
    expect(JSON.stringify(res.body)).not.toContain("password");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^plexus_session=[\w-]+\.[\w-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const token = cookie.split(";")[0].split("=")[1];
    const stored = t.db.select().from(sessions).where(eq(sessions.id, token.split(".")[0])).get()!;
    expect(stored.secretHash).not.toContain(token.split(".")[1]);
    expect(t.reload(user.id).lastLoginDate).toBeInstanceOf(Date);
    const kinds = t.db.select().from(activityLog).where(eq(activityLog.userId, user.id)).all().map((r) => r.activityType);
    expect(kinds).toContain("LOGIN");
  });

  test("a form post redirects to / on success and back to /login with the error code on failure", async () => {
    const { user } = await t.userWithCookie();
    const form = (password: string) =>
      t.app.handle(
        new Request("http://plexus.test/api/login", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ username: user.login, password }),
        }),
      );
    const ok = await form(user.password);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/");
    expect(ok.headers.get("set-cookie")).toContain("plexus_session=");
    const bad = await form("wrong-password");
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/login?error=invalid_credentials");
  });

  test("wrong password and unknown login answer alike with 401", async () => {
    const { user } = await t.userWithCookie();
    const wrong = await t.call("POST", "/login", { body: { username: user.login, password: "nope-nope" } });
    const unknown = await t.call("POST", "/login", { body: { username: "nobody-here", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe("invalid_credentials");
  });

  test("an inactive user cannot sign in", async () => {
    const { user } = await t.userWithCookie();
    t.db.$client.exec(`UPDATE users SET is_active = 0 WHERE id = ${user.id}`);
    const res = await t.call("POST", "/login", { body: { username: user.login, password: user.password } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("user_inactive");
  });

  test("five failures for one login block it with 429, even with the right password", async () => {
    const { user } = await t.userWithCookie();
    for (let i = 0; i < 5; i++) {
      expect((await t.call("POST", "/login", { body: { username: user.login, password: `bad-${i}` } })).status).toBe(401);
    }
    const blocked = await t.call("POST", "/login", { body: { username: user.login, password: user.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_requests");
  });

  test("messages follow the caller's language", async () => {
    const res = await t.call("POST", "/login", {
      body: { username: "x", password: "y" },
      headers: { "accept-language": "ru-RU,ru;q=0.9,en;q=0.5" },
    });
    expect(res.body.message).toBe("Пожалуйста, проверьте логин и пароль");
  });
});

describe("sessions", () => {
  test("logout ends the session, records LOGOUT and clears the cookie", async () => {
    const { user, cookie } = await t.userWithCookie();
    expect((await t.call("GET", "/users/get-user", { cookie })).status).toBe(200);
    const out = await t.call("POST", "/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
    expect(t.reload(user.id).lastLogoutDate).toBeInstanceOf(Date);
    const kinds = t.db.select().from(activityLog).where(eq(activityLog.userId, user.id)).all().map((r) => r.activityType);
    expect(kinds).toContain("LOGOUT");
  });

  test("a forged secret or a malformed token is not a session", async () => {
    const { cookie } = await t.userWithCookie();
    const [id] = cookie.split("=")[1].split(".");
    for (const forged of [`plexus_session=${id}.forged`, "plexus_session=garbage", `plexus_session=${"a".repeat(500)}.b`]) {
      expect((await t.call("GET", "/users/get-user", { cookie: forged })).status).toBe(401);
    }
  });

  test("an expired session is refused and removed; one close to expiry slides forward", async () => {
    const { cookie } = await t.userWithCookie();
    const id = cookie.split("=")[1].split(".")[0];
    t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 24 * 3600_000) }).where(eq(sessions.id, id)).run();
    const slid = await t.call("GET", "/users/get-user", { cookie });
    expect(slid.status).toBe(200);
    expect(slid.headers.get("set-cookie")).toContain("plexus_session=");
    expect(t.db.select().from(sessions).where(eq(sessions.id, id)).get()!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id)).run();
    expect((await t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
    expect(t.db.select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
  });

  test("state-changing calls from another site are refused", async () => {
    const { cookie } = await t.userWithCookie();
    const res = await t.call("POST", "/users/save", {
      cookie,
      body: { phoneNumber: "123" },
      headers: { origin: "https://evil.example", host: "plexus.test" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("origin_mismatch");
  });
});
