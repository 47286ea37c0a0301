import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResetRequests, sessions } from "../../../db/schema";
import { makeUser, withMailTestApp } from "../../testing/harness";

const env = withMailTestApp();

const tokenFrom = (html: string) => decodeURIComponent(html.match(/\/new-password\?token=([^"&]+)/)![1]);

describe("password reset", () => {
  test("the request answers alike for known and unknown addresses; only the known one gets a mail", async () => {
    const { user } = await env.t.userWithCookie();
    const known = await env.t.call("GET", `/reset-password/create-request?email=${encodeURIComponent(user.email.toUpperCase())}`);
    const unknown = await env.t.call("GET", "/reset-password/create-request?email=ghost@example.test");
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await env.sink.waitFor(user.email);
    expect(mail.html).toContain("http://plexus.test/new-password?token=");
    await env.t.ctx.mailer.idle();
    expect(env.sink.mails.some((m) => m.to.includes("ghost@example.test"))).toBe(false);
  });

  test("a user imported from the directory gets no reset mail (their password lives in the directory); the answer is the same", async () => {
    const imported = await makeUser(env.t.db, "USER", { isImportedFromAD: true });
    const local = await makeUser(env.t.db);
    const answers = [];
    for (const person of [imported, local]) answers.push(await env.t.call("GET", `/reset-password/create-request?email=${encodeURIComponent(person.email)}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0].body).toEqual(answers[1].body);
    await env.sink.waitFor(local.email);
    await env.t.ctx.mailer.idle();
    expect(env.sink.mails.some((m) => m.to.includes(imported.email))).toBe(false);
  });

  test("the link's token sets the password once, within the hour, and signs the user out everywhere", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    await env.t.call("GET", `/reset-password/create-request?email=${user.email}`);
    const token = tokenFrom((await env.sink.waitFor(user.email)).html);
    expect((await env.t.call("GET", `/reset-password/get-log?token=${token}`)).body.user.firstName).toBe(user.firstName);

    const set = await env.t.call("POST", "/reset-password/set-password", { body: { token, password: "brand-new-pass" } });
    expect(set.status).toBe(200);
    expect((await env.t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
    expect(env.t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect((await env.t.call("POST", "/login", { body: { username: user.login, password: "brand-new-pass" } })).status).toBe(200);

    const again = await env.t.call("POST", "/reset-password/set-password", { body: { token, password: "another-pass-1" } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_token");
    expect((await env.t.call("GET", `/reset-password/get-log?token=${token}`)).status).toBe(400);
  });

  test("the token and the password are taken from the JSON body only: in the query string they get 422 and change nothing", async () => {
    const { user } = await env.t.userWithCookie();
    await env.t.call("GET", `/reset-password/create-request?email=${user.email}`);
    const token = tokenFrom((await env.sink.waitFor(user.email)).html);
    const inQuery = await env.t.call("POST", `/reset-password/set-password?token=${token}&password=whatever-123`, { headers: { "accept-language": "ru" } });
    expect(inQuery.status).toBe(422);
    expect(inQuery.body.error).toBe("secret_in_query");
    expect(inQuery.body.message).toBe("Передавайте токен и пароль в теле запроса, а не в адресе.");
    expect(inQuery.body.details.map((d: { path: string }) => d.path)).toEqual(["query.token", "query.password"]);
    // Even beside a valid body, a password in the address is refused.
    const mixed = await env.t.call("POST", "/reset-password/set-password?password=whatever-123", { body: { token, password: "from-the-body-1" } });
    expect(mixed.status).toBe(422);
    expect((await env.t.call("POST", "/login", { body: { username: user.login, password: user.password } })).status).toBe(200);
    // The link is still good for a proper call; an expired one is refused.
    expect((await env.t.call("GET", `/reset-password/get-log?token=${token}`)).status).toBe(200);
    env.t.db.update(passwordResetRequests).set({ expiresAt: new Date(Date.now() - 1) }).run();
    const expired = await env.t.call("POST", "/reset-password/set-password", { body: { token, password: "whatever-123" } });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe("invalid_token");
  });

  test("using one link ends every other open link of that user, and only that user's", async () => {
    const { user } = await env.t.userWithCookie();
    const { user: other } = await env.t.userWithCookie();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await env.t.call("GET", `/reset-password/create-request?email=${user.email}`);
      const mail = await env.sink.waitFor(user.email, (m) => !tokens.includes(tokenFrom(m.html)));
      tokens.push(tokenFrom(mail.html));
    }
    await env.t.call("GET", `/reset-password/create-request?email=${other.email}`);
    const otherToken = tokenFrom((await env.sink.waitFor(other.email)).html);

    const [older, newer] = tokens;
    expect((await env.t.call("POST", "/reset-password/set-password", { body: { token: newer, password: "newest-pass-1" } })).status).toBe(200);
    const stale = await env.t.call("POST", "/reset-password/set-password", { body: { token: older, password: "attacker-pass-1" } });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe("invalid_token");
    expect((await env.t.call("GET", `/reset-password/get-log?token=${older}`)).status).toBe(400);
    expect((await env.t.call("POST", "/login", { body: { username: user.login, password: "newest-pass-1" } })).status).toBe(200);
    expect((await env.t.call("GET", `/reset-password/get-log?token=${otherToken}`)).status).toBe(200);
  });

  test("validation: e-mail required and well-formed, password required, bogus tokens refused", async () => {
    const missing = await env.t.call("GET", "/reset-password/create-request", { headers: { "accept-language": "ru" } });
    expect(missing.status).toBe(422);
    expect(missing.body.details[0].message).toBe("E-mail должен быть заполнен");
    const malformed = await env.t.call("GET", "/reset-password/create-request?email=nope", { headers: { "accept-language": "ru" } });
    expect(malformed.body.details[0].message).toBe("E-mail заполнен неверно");
    const noPassword = await env.t.call("POST", "/reset-password/set-password", { body: { token: "x" }, headers: { "accept-language": "ru" } });
    expect(noPassword.body.details[0].message).toBe("Пароль должен быть заполнен");
    expect((await env.t.call("POST", "/reset-password/set-password", { body: { token: "forged", password: "long-enough-1" } })).status).toBe(400);
  });
});
