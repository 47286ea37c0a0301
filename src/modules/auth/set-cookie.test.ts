import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t } = withTestApp();

const sessionCookies = (headers: Headers) => headers.getSetCookie().filter((c) => c.startsWith("plexus_session="));
const idOf = (cookie: string) => cookie.split(";")[0].split("=")[1].split(".")[0];
/** Brings a session within a day of its end, so that the next request renews it. */
const nearlyExpired = (cookie: string) =>
  t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 24 * 3600_000) }).where(eq(sessions.id, idOf(cookie))).run();

describe("each answer sets the session cookie once", () => {
  test("a JSON answer that renews the session carries the renewed cookie once, small or gzipped", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    for (let i = 0; i < 10; i++) await t.userWithCookie();
    for (const path of ["/users/get-user", "/users/get-all"]) {
      nearlyExpired(cookie);
      const res = await t.call("GET", path, { cookie, headers: { "accept-encoding": "gzip" } });
      expect(res.status).toBe(200);
      expect(sessionCookies(res.headers)).toHaveLength(1);
    }
  });

  test("sign-in sends one session cookie and no Set-Cookie twice", async () => {
    const { user } = await t.userWithCookie();
    const res = await t.call("POST", "/login", { body: { username: user.login, password: user.password } });
    expect(res.status).toBe(200);
    const all = res.headers.getSetCookie();
    expect(sessionCookies(res.headers)).toHaveLength(1);
    expect(new Set(all).size).toBe(all.length);
  });

  test("signing in again over a session due for renewal sends only the new session", async () => {
    const { user, cookie } = await t.userWithCookie();
    nearlyExpired(cookie);
    const res = await t.call("POST", "/login", { cookie, body: { username: user.login, password: user.password } });
    expect(res.status).toBe(200);
    const set = sessionCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(idOf(set[0])).not.toBe(idOf(cookie));
  });

  test("sign-out sends exactly one Set-Cookie, the cleared one, also when the session was due for renewal", async () => {
    for (const renew of [false, true]) {
      const { cookie } = await t.userWithCookie();
      if (renew) nearlyExpired(cookie);
      const res = await t.call("POST", "/logout", { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
      const all = res.headers.getSetCookie();
      expect(all).toHaveLength(1);
      expect(all[0]).toStartWith("plexus_session=;");
      expect(all[0]).toContain("Max-Age=0");
    }
  });
});

describe("the sign-in form post without JavaScript", () => {
  const post = (fields: Record<string, string>) =>
    t.app.handle(
      new Request("http://plexus.test/api/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://plexus.test" },
        body: new URLSearchParams(fields),
      }),
    );

  test("follows a `next` of our own origin, with one session cookie", async () => {
    const { user } = await t.userWithCookie();
    const res = await post({ username: user.login, password: user.password, next: "/project/3/home?tab=1#top" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/project/3/home?tab=1#top");
    expect(sessionCookies(res.headers)).toHaveLength(1);
  });

  test("a hostile `next` lands on / instead", async () => {
    const { user } = await t.userWithCookie();
    for (const next of ["//evil.test", "/\\evil.test", "/\t/evil.test", "https://evil.test", "javascript:alert(1)", "\\\\evil.test", "/x/..//evil.test"]) {
      const res = await post({ username: user.login, password: user.password, next });
      expect([next, res.status, res.headers.get("location")]).toEqual([next, 303, "/"]);
    }
  });

  test("a failure returns to the sign-in page with the error and the safe `next` only", async () => {
    const { user } = await t.userWithCookie();
    const kept = await post({ username: user.login, password: "wrong-one", next: "/drive?x=1" });
    expect(kept.headers.get("location")).toBe("/login?error=invalid_credentials&next=%2Fdrive%3Fx%3D1");
    const dropped = await post({ username: user.login, password: "wrong-two", next: "//evil.test" });
    expect(dropped.headers.get("location")).toBe("/login?error=invalid_credentials");
  });
});
