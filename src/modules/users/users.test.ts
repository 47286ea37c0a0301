import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, sessions, users } from "../../../db/schema";
import { withMailTestApp } from "../../testing/harness";

const env = withMailTestApp();

const registration = (n: string) => ({ firstName: "Ada", lastName: "Lovelace", login: `ada${n}`, email: `ada${n}@example.test`, password: "analytical-1" });

describe("registration", () => {
  test("answers every missing field with the spec's message in the caller's language", async () => {
    const res = await env.t.call("POST", "/users/registration", { body: { email: "not-an-email" }, headers: { "accept-language": "ru" } });
    expect(res.status).toBe(422);
    const byPath = Object.fromEntries(res.body.details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(byPath).toEqual({
      "body.firstName": "Имя должно быть заполнено",
      "body.lastName": "Фамилия должна быть заполнена",
      "body.login": "Логин должен быть заполнен",
      "body.email": "E-mail заполнен не верно",
      "body.password": "Пароль должен быть заполнен",
    });
    expect(env.t.db.select().from(users).all()).toHaveLength(0);
  });

  test("creates an inactive USER, audits it, and mails NEW_USER to active administrators", async () => {
    const { user: admin } = await env.t.userWithCookie("ADMIN", { email: "boss@example.test" });
    const res = await env.t.call("POST", "/users/registration", { body: registration("1") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ login: "ada1", isActive: false, role: { groupName: "USER" } });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|analytical/);
    const mail = await env.sink.waitFor(admin.email, (m) => m.html.includes("ada1"));
    expect(mail.subject).toContain("ada1");
    expect(mail.html).toContain("http://plexus.test/admin/users");
    const created = env.t.db.select().from(users).where(eq(users.login, "ada1")).get()!;
    expect(env.t.db.select().from(activityLog).where(eq(activityLog.userId, created.id)).all()[0].activityType).toBe("USER_REGISTRATION");
    const signIn = await env.t.call("POST", "/login", { body: { username: "ada1", password: "analytical-1" } });
    expect(signIn.status).toBe(403);
  });

  test("login and e-mail are unique regardless of case", async () => {
    expect((await env.t.call("POST", "/users/registration", { body: registration("2") })).status).toBe(201);
    const sameLogin = await env.t.call("POST", "/users/registration", { body: { ...registration("x"), login: "ADA2" } });
    expect(sameLogin.status).toBe(409);
    expect(sameLogin.body.error).toBe("login_taken");
    const sameEmail = await env.t.call("POST", "/users/registration", { body: { ...registration("y"), email: "ADA2@example.test" } });
    expect(sameEmail.body.error).toBe("email_taken");
  });

  test("a mail in the user's language: Russian registrants get Russian activation mails", async () => {
    const { cookie } = await env.t.userWithCookie("ADMIN");
    const res = await env.t.call("POST", "/users/registration", { body: registration("3"), headers: { "accept-language": "ru" } });
    await env.t.call("POST", `/users/activate?id=${res.body.id}`, { cookie });
    const mail = await env.sink.waitFor("ada3@example.test");
    expect(mail.subject).toBe("Ваша учётная запись активирована");
  });
});

describe("activation", () => {
  test("an ADMIN activates: the user can sign in, gets USER_ACTIVATION, and the log says so", async () => {
    const { user: admin, cookie } = await env.t.userWithCookie("ADMIN");
    const id = (await env.t.call("POST", "/users/registration", { body: registration("4") })).body.id;
    const res = await env.t.call("POST", `/users/activate?id=${id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(true);
    await env.sink.waitFor("ada4@example.test", (m) => m.html.includes("http://plexus.test/login"));
    expect((await env.t.call("POST", "/login", { body: { username: "ada4", password: "analytical-1" } })).status).toBe(200);
    const kinds = env.t.db.select().from(activityLog).where(eq(activityLog.userId, admin.id)).all().map((r) => r.activityType);
    expect(kinds).toContain("USER_ACTIVATION");
  });

  test("deactivation ends every session of that user", async () => {
    const { cookie: adminCookie } = await env.t.userWithCookie("ADMIN");
    const { user, cookie } = await env.t.userWithCookie("USER");
    await env.t.signIn(user.login);
    expect(env.t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(2);
    const res = await env.t.call("POST", `/users/deactivate?id=${user.id}`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(env.t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect((await env.t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
  });

  test("nobody deactivates themselves or a higher rank; a USER cannot activate at all", async () => {
    const { user: admin, cookie } = await env.t.userWithCookie("ADMIN");
    const { user: root } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const { cookie: userCookie, user } = await env.t.userWithCookie("USER");
    expect((await env.t.call("POST", `/users/deactivate?id=${admin.id}`, { cookie })).status).toBe(403);
    expect((await env.t.call("POST", `/users/deactivate?id=${root.id}`, { cookie })).status).toBe(403);
    expect((await env.t.call("POST", `/users/activate?id=${user.id}`, { cookie: userCookie })).status).toBe(403);
    expect((await env.t.call("POST", "/users/activate?id=999999", { cookie })).status).toBe(404);
    expect(env.t.reload(root.id).isActive).toBe(true);
  });

  test("get-all lists users without secrets, for ADMIN and above only", async () => {
    const { cookie } = await env.t.userWithCookie("ADMIN");
    const { cookie: userCookie } = await env.t.userWithCookie("USER", { gisPassword: "gis-secret" });
    const res = await env.t.call("GET", "/users/get-all", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(2);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|gis-secret/);
    expect((await env.t.call("GET", "/users/get-all", { cookie: userCookie })).status).toBe(403);
  });
});

describe("profile", () => {
  test("a user saves their own profile; the GIS password is readable only by them", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    const res = await env.t.call("POST", "/users/save", {
      cookie,
      body: { firstName: " Grace ", phoneNumber: "+1 555", emailNotificationsAllowed: false, settings: { gisLogin: "g", gisPassword: "gp" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Grace", phoneNumber: "+1 555", emailNotificationsAllowed: false, settings: { gisLogin: "g" } });
    expect(JSON.stringify(res.body)).not.toContain("gp");
    expect((await env.t.call("POST", "/users/get-settings", { cookie })).body).toEqual({ gisLogin: "g", gisPassword: "gp" });
    expect(env.t.reload(user.id).lastName).toBe(user.lastName);
  });

  test("a user cannot edit others or their own role; an ADMIN can edit a USER; roles change only by SYSTEM_ADMIN", async () => {
    const { user: other } = await env.t.userWithCookie();
    const { user, cookie } = await env.t.userWithCookie();
    const { cookie: adminCookie } = await env.t.userWithCookie("ADMIN");
    const { cookie: rootCookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    expect((await env.t.call("POST", "/users/save", { cookie, body: { id: other.id, firstName: "X" } })).status).toBe(403);
    expect((await env.t.call("POST", "/users/save", { cookie, body: { role: { groupName: "ADMIN" } } })).status).toBe(403);
    expect((await env.t.call("POST", "/users/save", { cookie: adminCookie, body: { id: user.id, company: "ACME" } })).body.company).toBe("ACME");
    expect((await env.t.call("POST", "/users/save", { cookie: adminCookie, body: { id: user.id, role: { groupName: "MODERATOR" } } })).status).toBe(403);
    const promoted = await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: user.id, role: { groupName: "MODERATOR" } } });
    expect(promoted.body.role.groupName).toBe("MODERATOR");
    expect((await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: user.id, role: { groupName: "KING" } } })).status).toBe(422);
  });

  test("directory-imported users keep their directory fields", async () => {
    const { user, cookie } = await env.t.userWithCookie("USER", { isImportedFromAD: true, company: "Directory Inc" });
    const res = await env.t.call("POST", "/users/save", { cookie, body: { firstName: "Changed", company: "Other", phoneNumber: "42" } });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe(user.firstName);
    expect(res.body.company).toBe("Directory Inc");
    expect(res.body.phoneNumber).toBe("42");
  });

  test("an invalid e-mail or someone else's e-mail is refused and nothing changes", async () => {
    const { user: other } = await env.t.userWithCookie();
    const { user, cookie } = await env.t.userWithCookie();
    expect((await env.t.call("POST", "/users/save", { cookie, body: { email: "broken", phoneNumber: "1" } })).status).toBe(422);
    expect((await env.t.call("POST", "/users/save", { cookie, body: { email: other.email, phoneNumber: "1" } })).status).toBe(409);
    expect(env.t.reload(user.id).phoneNumber).toBeNull();
  });

  test("set-locale sets the cookie and remembers the language for mails", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    const res = await env.t.call("POST", "/users/set-locale", { cookie, body: { locale: "es" } });
    expect(res.headers.get("set-cookie")).toContain("plexus_locale=es");
    expect(env.t.reload(user.id).locale).toBe("es");
    expect((await env.t.call("POST", "/users/set-locale", { body: { locale: "fr" } })).status).toBe(422);
  });
});
