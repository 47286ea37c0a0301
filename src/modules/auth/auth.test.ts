import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { openDb } from "../../../db/client";
import { activityLog, sessions } from "../../../db/schema";
import { makeUser, tempDataDir, testApp, testConfig, withTestApp } from "../../testing/harness";
import { startServer } from "../../web";
import { DEVICE_COOKIE } from "./device-cookie";

const { t } = withTestApp();

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
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://plexus.test" },
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

  test("with the right password, a deactivated account hears user_deactivated and a waiting one user_inactive; a wrong password tells neither", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    const waiting = await makeUser(t.db, "USER", { isActive: false });
    const gone = await makeUser(t.db, "USER");
    expect((await t.call("POST", `/users/deactivate?id=${gone.id}`, { cookie })).status).toBe(200);
    const signIn = async (login: string, password: string) => {
      const res = await t.call("POST", "/login", { body: { username: login, password }, headers: { "accept-language": "es" } });
      return [res.status, res.body.error, res.body.message];
    };
    expect(await signIn(waiting.login, waiting.password)).toEqual([403, "user_inactive", "Su cuenta aún no está activa. Un administrador debe activarla."]);
    expect(await signIn(gone.login, gone.password)).toEqual([403, "user_deactivated", "Su cuenta ha sido desactivada. Si la necesita de nuevo, hable con un administrador."]);
    expect((await signIn(gone.login, "wrong-password"))[1]).toBe("invalid_credentials");
    expect((await signIn(waiting.login, "wrong-password"))[1]).toBe("invalid_credentials");
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

/** The device cookie a response set, as a Cookie header value. */
const deviceCookieOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(";")[0];

describe("per-address lock and device cookies", () => {
  test("a sign-in sets an HttpOnly, signed device cookie naming the login, Secure with SECURE_COOKIES", async () => {
    const { user } = await t.userWithCookie();
    const res = await t.call("POST", "/login", { body: { username: user.login, password: user.password } });
    const set = res.headers.getSetCookie();
    expect(set[0]).toStartWith("plexus_session=");
    const device = set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(device).toContain("HttpOnly");
    expect(device).toContain("SameSite=Lax");
    const [, login] = decodeURIComponent(device.split(";")[0].split("=")[1]).split(".");
    expect(Buffer.from(login, "base64url").toString()).toBe(user.login.toLowerCase());
    const secure = testApp({ SECURE_COOKIES: "true" });
    try {
      const other = await makeUser(secure.db);
      const signed = await secure.call("POST", "/login", { body: { username: other.login, password: other.password } });
      expect(signed.headers.getSetCookie().every((c) => c.includes("; Secure"))).toBe(true);
    } finally {
      await secure.close();
    }
  });

  test("spraying from one address does not block a returning user with the device cookie; a new login from that address gets 429", async () => {
    const { user: returning } = await t.userWithCookie();
    const newcomer = await makeUser(t.db);
    const device = deviceCookieOf(await t.call("POST", "/login", { body: { username: returning.login, password: returning.password } }));
    // Fifty failures with random logins, all from the one address the in-process calls share.
    const logins = fc.sample(fc.stringMatching(/^[a-z][a-z0-9._-]{3,20}$/), 50);
    const sprayed = await Promise.all(logins.map((login) => t.call("POST", "/login", { body: { username: login, password: "guess-123" } })));
    expect(sprayed.every((res) => res.status === 401)).toBe(true);

    const blocked = await t.call("POST", "/login", { body: { username: newcomer.login, password: newcomer.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_requests");
    const back = await t.call("POST", "/login", { body: { username: returning.login, password: returning.password }, cookie: device });
    expect(back.status).toBe(200);
    expect(back.body.login).toBe(returning.login);
    // The cookie names one login: it does not open the door for another one, and a forged one opens nothing.
    const borrowed = await t.call("POST", "/login", { body: { username: newcomer.login, password: newcomer.password }, cookie: device });
    expect(borrowed.status).toBe(429);
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await t.call("POST", "/login", { body: { username: returning.login, password: returning.password }, cookie: forged })).status).toBe(429);
  }, 60_000);

  test("the device cookie never lifts the per-login lock: five failures with it block that browser too", async () => {
    const { user } = await t.userWithCookie();
    const device = deviceCookieOf(await t.call("POST", "/login", { body: { username: user.login, password: user.password } }));
    // A stranger's failures for this login lock the stranger out, not the browser that has signed in before.
    for (let i = 0; i < 5; i++) await t.call("POST", "/login", { body: { username: user.login, password: `stranger-${i}` } });
    expect((await t.call("POST", "/login", { body: { username: user.login, password: user.password } })).status).toBe(429);
    expect((await t.call("POST", "/login", { body: { username: user.login, password: user.password }, cookie: device })).status).toBe(200);
    const fresh = deviceCookieOf(await t.call("POST", "/login", { body: { username: user.login, password: user.password }, cookie: device }));
    for (let i = 0; i < 5; i++) {
      expect((await t.call("POST", "/login", { body: { username: user.login, password: `own-${i}` }, cookie: fresh })).status).toBe(401);
    }
    const locked = await t.call("POST", "/login", { body: { username: user.login, password: user.password }, cookie: fresh });
    expect(locked.status).toBe(429);
  });
});

describe("TRUST_PROXY and X-Forwarded-For", () => {
  /** A real server on loopback, so the socket address is 127.0.0.1. */
  async function serve(env: Record<string, string>) {
    const data = tempDataDir();
    const config = testConfig(data.dir, env);
    const running = await startServer({ db: openDb(config.dbPath), config, withPages: false });
    const user = await makeUser(running.ctx.db);
    const signIn = (password: string, forwardedFor?: string) =>
      fetch(`${running.url.replace("localhost", "127.0.0.1")}/api/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: running.url.replace("localhost", "127.0.0.1"),
          "x-requested-with": "plexus",
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
        body: JSON.stringify({ username: user.login, password }),
      });
    return { user, signIn, close: async () => (await running.stop(), data.cleanup()) };
  }

  test("unset: X-Forwarded-For is ignored, the socket address counts", async () => {
    const s = await serve({});
    try {
      for (let i = 0; i < 5; i++) expect((await s.signIn(`bad-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      // Claiming yet another address does not escape the lock on 127.0.0.1.
      expect((await s.signIn(s.user.password, "198.51.100.7")).status).toBe(429);
    } finally {
      await s.close();
    }
  }, 20_000);

  test("TRUST_PROXY=loopback: the right-most untrusted hop is the client; hops the client prepends change nothing", async () => {
    const s = await serve({ TRUST_PROXY: "loopback" });
    try {
      for (let i = 0; i < 5; i++) expect((await s.signIn(`bad-${i}`, "203.0.113.9")).status).toBe(401);
      expect((await s.signIn(s.user.password, "203.0.113.9")).status).toBe(429);
      // The attacker writes a fresh address in front; the proxy appends the real one, which is what counts.
      expect((await s.signIn(s.user.password, "198.51.100.1, 203.0.113.9")).status).toBe(429);
      expect((await s.signIn(s.user.password, "203.0.113.9, 127.0.0.1")).status).toBe(429);
      // Someone else behind the same proxy is not locked out.
      expect((await s.signIn(s.user.password, "198.51.100.2")).status).toBe(200);
    } finally {
      await s.close();
    }
  }, 20_000);

  test("a proxy list that does not name the peer leaves X-Forwarded-For ignored", async () => {
    const s = await serve({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1" });
    try {
      for (let i = 0; i < 5; i++) await s.signIn(`bad-${i}`, "203.0.113.9");
      expect((await s.signIn(s.user.password, "198.51.100.2")).status).toBe(429);
    } finally {
      await s.close();
    }
  }, 20_000);
});
