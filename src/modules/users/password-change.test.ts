import { describe, expect, test } from "bun:test";
import { Client } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import { openDb } from "../../../db/client";
import { passwordResetRequests, sessions } from "../../../db/schema";
import { sha256 } from "../../lib/crypto";
import { makeUser, tempDataDir, testConfig, withMailTestApp } from "../../testing/harness";
import { ownPageHeaders } from "../../testing/own-page";
import { startServer } from "../../web";

const env = withMailTestApp();

const change = (cookie: string, body: object, lang = "en") =>
  env.t.call("POST", "/users/change-password", { cookie, body, headers: { "accept-language": lang } });

describe("POST /users/change-password", () => {
  test("with the current password: this session stays, the user's other sessions and open reset links end, the new password signs in", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    const elsewhere = await env.t.signIn(user.login);
    const token = "reset-before-the-change";
    env.t.db.insert(passwordResetRequests).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 60_000) }).run();

    const res = await change(cookie, { currentPassword: user.password, newPassword: "a-new-password-9" });
    expect(res.status).toBe(200);
    expect((await env.t.call("GET", "/users/get-user", { cookie })).status).toBe(200);
    expect((await env.t.call("GET", "/users/get-user", { cookie: elsewhere })).status).toBe(401);
    expect(env.t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
    expect((await env.t.call("GET", `/reset-password/get-log?token=${token}`)).status).toBe(400);
    expect((await env.t.call("POST", "/login", { body: { username: user.login, password: user.password } })).status).toBe(401);
    expect((await env.t.call("POST", "/login", { body: { username: user.login, password: "a-new-password-9" } })).status).toBe(200);
  });

  test("a wrong current password is a 422 on that field, translated, and changes nothing", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    const elsewhere = await env.t.signIn(user.login);
    const res = await change(cookie, { currentPassword: "not-my-password", newPassword: "a-new-password-9" }, "ru");
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("wrong_password");
    expect(res.body.details).toEqual([{ path: "body.currentPassword", message: "Текущий пароль указан неверно", code: "error.wrong_password" }]);
    expect(env.t.reload(user.id).passwordHash).toBe(user.passwordHash);
    expect((await env.t.call("GET", "/users/get-user", { cookie: elsewhere })).status).toBe(200);
  });

  test("wrong current passwords are limited like sign-in: after five, 429 even with the right one", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    for (let i = 0; i < 5; i++) expect((await change(cookie, { currentPassword: `guess-${i}`, newPassword: "a-new-password-9" })).status).toBe(422);
    const blocked = await change(cookie, { currentPassword: user.password, newPassword: "a-new-password-9" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_requests");
    expect(env.t.reload(user.id).passwordHash).toBe(user.passwordHash);
    // Another account is not blocked by them.
    const other = await env.t.userWithCookie();
    expect((await change(other.cookie, { currentPassword: other.user.password, newPassword: "a-new-password-9" })).status).toBe(200);
  });

  test("the new password follows the registration rule; missing fields are named in the caller's language; nothing changes", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    const short = await change(cookie, { currentPassword: user.password, newPassword: "short" }, "es");
    expect(short.status).toBe(422);
    expect(short.body.details).toEqual([{ path: "body.newPassword", message: "La contraseña debe tener al menos 8 caracteres", code: "validation.passwordTooShort" }]);
    const empty = await change(cookie, {}, "ru");
    expect(empty.status).toBe(422);
    expect(empty.body.details.map((d: { message: string }) => d.message)).toEqual(["Введите текущий пароль", "Пароль должен быть заполнен"]);
    expect((await change(cookie, { currentPassword: user.password, newPassword: "x".repeat(257) })).status).toBe(422);
    expect(env.t.reload(user.id).passwordHash).toBe(user.passwordHash);
  });

  test("needs a session", async () => {
    const res = await env.t.call("POST", "/users/change-password", { body: { currentPassword: "a", newPassword: "b-long-enough" } });
    expect(res.status).toBe(401);
  });
});

test("live channel: the other sessions' sockets close at once (ERROR session_ended); this session's socket keeps working", async () => {
  const data = tempDataDir();
  const server = await startServer({ db: openDb(testConfig(data.dir).dbPath), config: testConfig(data.dir), withPages: false });
  try {
    const user = await makeUser(server.ctx.db);
    const call = (cookie: string, path: string, body: object) =>
      fetch(`${server.url}/api${path}`, { method: "POST", headers: { cookie, "content-type": "application/json", ...ownPageHeaders(server.url) }, body: JSON.stringify(body) });
    const signIn = async () => (await call("", "/login", { username: user.login, password: user.password })).headers.get("set-cookie")!.split(";")[0];
    /** A real STOMP client on the session behind `cookie`, with its ERROR frames, PING_PONG answers and whether it closed. */
    const live = async (cookie: string) => {
      const state = { closed: false, errors: [] as string[], pongs: 0 };
      const client = new Client({
        webSocketFactory: () => new WebSocket(`${server.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie, origin: server.url } } as never),
        reconnectDelay: 0,
        onStompError: (frame) => state.errors.push(frame.headers.message),
        onWebSocketClose: () => (state.closed = true),
      });
      await new Promise<void>((resolve) => {
        client.onConnect = () => resolve();
        client.activate();
      });
      client.subscribe("/user/ws-broker/system-channel", (message) => JSON.parse(message.body).type === "PING_PONG" && state.pongs++);
      return { client, state };
    };
    const here = await signIn();
    const elsewhere = [await live(await signIn()), await live(await signIn())];
    const mine = await live(here);
    expect((await call(here, "/users/change-password", { currentPassword: user.password, newPassword: "a-new-password-9" })).status).toBe(200);
    const started = Date.now();
    while (!elsewhere.every((s) => s.state.closed) && Date.now() - started < 1000) await Bun.sleep(10);
    expect(elsewhere.map((s) => [s.state.closed, s.state.errors])).toEqual([[true, ["session_ended"]], [true, ["session_ended"]]]);
    mine.client.publish({ destination: "/ws-prefix/ping-pong", body: "{}" });
    while (!mine.state.pongs && Date.now() - started < 3000) await Bun.sleep(10);
    expect(mine.state).toEqual({ closed: false, errors: [], pongs: 1 });
    await mine.client.deactivate();
  } finally {
    await server.stop();
    data.cleanup();
  }
});
