import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { activityLog, passwordResetRequests, sessions, users } from "../../../db/schema";
import { makeUser, withMailTestApp } from "../../testing/harness";
import { fillLoginKeys, REGISTRATIONS_PER_HOUR } from "./service";
import { loginProblem, normalizeLogin } from "./validation";

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
      "body.email": "E-mail заполнен неверно",
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

  test("logins are unique and signed in regardless of case in every script, not only Latin", async () => {
    const { cookie } = await env.t.userWithCookie("ADMIN");
    const first = await env.t.call("POST", "/users/registration", { body: { ...registration("k1"), login: "Иван.Ёлкин" } });
    expect(first.status).toBe(201);
    for (const login of ["иван.ёлкин", "ИВАН.ЁЛКИН"]) {
      const again = await env.t.call("POST", "/users/registration", { body: { ...registration(login.length + login), login } });
      expect([again.status, again.body.error]).toEqual([409, "login_taken"]);
    }
    await env.t.call("POST", `/users/activate?id=${first.body.id}`, { cookie });
    const signIn = await env.t.call("POST", "/login", { body: { username: "иВАН.ёЛКИН", password: "analytical-1" } });
    expect([signIn.status, signIn.body.login]).toEqual([200, "Иван.Ёлкин"]);
  });

  test("on start, accounts without a login key get one; a duplicate from before keeps none and signs in with its exact login", async () => {
    const older = await makeUser(env.t.db, "USER", { login: "Пётр", loginKey: null });
    const newer = await makeUser(env.t.db, "USER", { login: "пётр", loginKey: null, passwordHash: await Bun.password.hash("newer-password") });
    fillLoginKeys(env.t.db);
    expect([env.t.reload(older.id).loginKey, env.t.reload(newer.id).loginKey]).toEqual(["пётр", null]);
    const signIn = async (username: string, password: string) => (await env.t.call("POST", "/login", { body: { username, password } })).body.id;
    expect(await signIn("ПЁТР", older.password)).toBe(older.id);
    expect(await signIn("Пётр", older.password)).toBe(older.id);
    expect(await signIn("пётр", "newer-password")).toBe(newer.id);
    // Nobody can register either form again.
    for (const login of ["пётр", "ПЁТР"]) expect((await env.t.call("POST", "/users/registration", { body: { ...registration("p"), login } })).status).toBe(409);
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

  test("activatedAt tells a deactivated account from one still waiting, and a second activation keeps the first date", async () => {
    const { cookie } = await env.t.userWithCookie("ADMIN");
    const id = (await env.t.call("POST", "/users/registration", { body: registration("5") })).body.id;
    const statuses = async () => (await env.t.call("GET", "/users/get-all", { cookie })).body.find((u: { id: number }) => u.id === id);
    expect(await statuses()).toMatchObject({ isActive: false, activatedAt: null });
    const activatedAt = (await env.t.call("POST", `/users/activate?id=${id}`, { cookie })).body.activatedAt;
    expect(typeof activatedAt).toBe("string");
    expect((await env.t.call("POST", `/users/deactivate?id=${id}`, { cookie })).body).toMatchObject({ isActive: false, activatedAt });
    expect((await env.t.call("POST", `/users/activate?id=${id}`, { cookie })).body).toMatchObject({ isActive: true, activatedAt });
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

  test("a user cannot edit others or their own role; an ADMIN can edit a USER but not make an ADMIN; SYSTEM_ADMIN gives roles", async () => {
    const { user: other } = await env.t.userWithCookie();
    const { user, cookie } = await env.t.userWithCookie();
    const { cookie: adminCookie } = await env.t.userWithCookie("ADMIN");
    const { cookie: rootCookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    expect((await env.t.call("POST", "/users/save", { cookie, body: { id: other.id, firstName: "X" } })).status).toBe(403);
    expect((await env.t.call("POST", "/users/save", { cookie, body: { role: { groupName: "ADMIN" } } })).status).toBe(403);
    expect((await env.t.call("POST", "/users/save", { cookie: adminCookie, body: { id: user.id, company: "ACME" } })).body.company).toBe("ACME");
    expect((await env.t.call("POST", "/users/save", { cookie: adminCookie, body: { id: user.id, role: { groupName: "ADMIN" } } })).status).toBe(403);
    const promoted = await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: user.id, role: { groupName: "MODERATOR" } } });
    expect(promoted.body.role.groupName).toBe("MODERATOR");
    expect((await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: user.id, role: { groupName: "KING" } } })).status).toBe(422);
  });

  test("a role or locale body without its value is refused with 422, never read as the first choice (USER, en)", async () => {
    const { cookie: rootCookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const { user: admin } = await env.t.userWithCookie("ADMIN");
    for (const role of [{}, { groupName: null }, { groupName: "" }, { groupName: "user" }]) {
      const res = await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: admin.id, role, company: "Changed" } });
      expect([role, res.status]).toEqual([role, 422]);
    }
    expect(env.t.reload(admin.id)).toMatchObject({ role: "ADMIN", company: null });
    const { user, cookie } = await env.t.userWithCookie("USER", { locale: "ru" });
    for (const body of [{}, { locale: null }, { locale: "EN" }]) {
      const res = await env.t.call("POST", "/users/set-locale", { cookie, body });
      expect([body, res.status, res.headers.get("set-cookie")]).toEqual([body, 422, null]);
    }
    expect(env.t.reload(user.id).locale).toBe("ru");
  });

  test("directory-imported users keep their directory fields: a save that changes one is refused, nothing changes", async () => {
    // Signed in first: an imported user's password is the directory's (src/modules/directory tests that sign-in).
    const { user, cookie } = await env.t.userWithCookie("USER", { company: "Directory Inc" });
    env.t.db.update(users).set({ isImportedFromAD: true }).where(eq(users.id, user.id)).run();
    const res = await env.t.call("POST", "/users/save", { cookie, body: { firstName: "Changed", company: "Other", phoneNumber: "42" } });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { code: string }) => d.code)).toEqual(["directory.readOnly", "directory.readOnly"]);
    expect(env.t.reload(user.id)).toMatchObject({ firstName: user.firstName, company: "Directory Inc", phoneNumber: null });
    const kept = await env.t.call("POST", "/users/save", { cookie, body: { phoneNumber: "42" } });
    expect([kept.status, kept.body.phoneNumber]).toEqual([200, "42"]);
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

describe("registration: logins, names and throttling", () => {
  const register = (body: object, lang = "en") => env.t.call("POST", "/users/registration", { body, headers: { "accept-language": lang } });
  const messageFor = (res: { body: { details: { path: string; message: string }[] } }, path: string) =>
    res.body.details.find((d) => d.path === path)?.message;

  test("logins are NFKC-normalised; look-alike scripts, invisible and control characters are refused with translated messages", async () => {
    const wide = await register({ ...registration("w"), login: "  ＡＤＡ７ " });
    expect(wide.status).toBe(201);
    expect(wide.body.login).toBe("ADA7");

    const mixed = await register({ ...registration("m"), login: "аdmin" }, "ru"); // the first letter is Cyrillic
    expect(mixed.status).toBe(422);
    expect(messageFor(mixed, "body.login")).toBe("Логин должен состоять из букв одного алфавита (например, латиницы или кириллицы, но не обоих сразу)");
    for (const login of ["ada\u200bx", "ada\u202ex", "ada\nx", "ada x", "ada\u3164", "ad@a", "admi\u0307n"]) {
      const res = await register({ ...registration("i"), login });
      expect(res.status).toBe(422);
      expect(messageFor(res, "body.login")).toBe("A login may hold letters, digits and . _ - only, with no spaces or invisible characters");
    }
    for (const [login, message] of [
      ["ab", "Логин должен содержать не менее 3 символов"],
      ["ян", "Логин должен содержать не менее 3 символов"],
      ["ada lovelace", "Логин может содержать только буквы, цифры и символы . _ - без пробелов и невидимых символов"],
      ["ada!", "Логин может содержать только буквы, цифры и символы . _ - без пробелов и невидимых символов"],
      ["ada,b", "Логин может содержать только буквы, цифры и символы . _ - без пробелов и невидимых символов"],
    ]) {
      const res = await register({ ...registration("s"), login }, "ru");
      expect([login, res.status, messageFor(res, "body.login")]).toEqual([login, 422, message]);
    }
    // One script is fine, whichever it is.
    expect((await register({ ...registration("c"), login: "иван.петров_2" })).status).toBe(201);
    expect(env.t.db.select().from(users).all().map((u) => u.login).sort()).toEqual(["ADA7", "иван.петров_2"]);
  });

  test("names and e-mails are trimmed and may not hold control or invisible characters", async () => {
    const lines = await register({ ...registration("n"), firstName: "Ada\nLovelace", lastName: "Love\u202elace" }, "ru");
    expect(lines.status).toBe(422);
    expect(messageFor(lines, "body.firstName")).toBe("Текст содержит управляющие или невидимые символы");
    expect(messageFor(lines, "body.lastName")).toBe("Текст содержит управляющие или невидимые символы");
    const hidden = await register({ ...registration("e"), email: "ada\u200b@example.test" }, "ru");
    expect(messageFor(hidden, "body.email")).toBe("E-mail заполнен неверно");
    const ok = await register({ ...registration("t"), firstName: "  Ada ", email: " adat@example.test " });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ firstName: "Ada", email: "adat@example.test" });
  });

  test(`registration is throttled per address: ${REGISTRATIONS_PER_HOUR} attempts an hour, then 429; invalid forms do not count`, async () => {
    for (let i = 0; i < 10; i++) expect((await register({ ...registration(`bad${i}`), login: `bad ${i}` })).status).toBe(422);
    for (let i = 0; i < REGISTRATIONS_PER_HOUR - 1; i++) expect((await register(registration(`r${i}`))).status).toBe(201);
    expect((await register(registration("r0"))).status).toBe(409); // a taken login counts too: no free enumeration
    const blocked = await register(registration("late"), "ru");
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_requests");
    expect(blocked.body.message).toBe("Слишком много попыток. Подождите несколько минут и повторите попытку.");
    expect(env.t.db.select().from(users).where(eq(users.login, "adalate")).get()).toBeUndefined();
  });

  const latin = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüñ");
  const cyrillic = fc.constantFrom(..."абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ");
  const greek = fc.constantFrom(..."αβγδεζηθικλμνξοπρστυφχψω");
  const extra = fc.constantFrom(..."0123456789._-");
  const loginOf = (letters: fc.Arbitrary<string>) =>
    fc.tuple(letters, fc.array(fc.oneof(letters, extra), { minLength: 2, maxLength: 30 })).map(([first, rest]) => first + rest.join(""));
  const invisible = fc.constantFrom(
    "\u0000", "\u0009", "\n", "\r", "\u007f", "\u0085", "\u00a0", "\u00ad", "\u034f", "\u061c", "\u115f", "\u180e",
    "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202e", "\u2060", "\u2066",
    "\u2069", "\u3000", "\u3164", "\ufe0f", "\ufeff", "\u{e0041}",
  );

  test("property: a login of one script, digits and . _ - is accepted, and normalising it twice changes nothing", () => {
    fc.assert(
      fc.property(fc.oneof(loginOf(latin), loginOf(cyrillic), loginOf(greek)), (raw) => {
        const login = normalizeLogin(raw);
        expect(loginProblem(login)).toBeNull();
        expect(normalizeLogin(login)).toBe(login);
      }),
      { numRuns: 300 },
    );
  });

  test("property: any invisible or control character inside a login is refused (spaces at the ends are trimmed)", () => {
    fc.assert(
      fc.property(loginOf(latin), invisible, loginOf(latin), (before, char, after) => {
        expect(loginProblem(normalizeLogin(before + char + after))).toBe("registration.loginInvalid");
      }),
      { numRuns: 300 },
    );
  });

  test("property: Latin mixed with Cyrillic or Greek is refused as mixed scripts", () => {
    fc.assert(
      fc.property(loginOf(latin), fc.oneof(cyrillic, greek), fc.nat(), (login, foreign, at) => {
        const i = at % (login.length + 1);
        expect(loginProblem(normalizeLogin(login.slice(0, i) + foreign + login.slice(i)))).toBe("registration.loginMixedScripts");
      }),
      { numRuns: 300 },
    );
  });
});

describe("nobody manages an equal or a superior", () => {
  test("an ADMIN cannot change another ADMIN's or a SYSTEM_ADMIN's e-mail or deactivate them; a SYSTEM_ADMIN manages ADMINs but not another SYSTEM_ADMIN", async () => {
    const { cookie: adminCookie } = await env.t.userWithCookie("ADMIN");
    const { user: otherAdmin } = await env.t.userWithCookie("ADMIN");
    const { user: root, cookie: rootCookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const { user: otherRoot } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const save = (cookie: string, id: number, email: string) => env.t.call("POST", "/users/save", { cookie, body: { id, email } });

    for (const target of [otherAdmin, root]) {
      const res = await save(adminCookie, target.id, "taken-over@evil.test");
      expect(res.status).toBe(403);
      expect(env.t.reload(target.id).email).toBe(target.email);
    }
    expect((await env.t.call("POST", "/users/save", { cookie: adminCookie, body: { id: otherAdmin.id, phoneNumber: "1" } })).status).toBe(403);
    expect((await env.t.call("POST", `/users/deactivate?id=${otherAdmin.id}`, { cookie: adminCookie })).status).toBe(403);
    expect(env.t.reload(otherAdmin.id).isActive).toBe(true);

    expect((await save(rootCookie, otherRoot.id, "taken-over@evil.test")).status).toBe(403);
    expect((await env.t.call("POST", `/users/deactivate?id=${otherRoot.id}`, { cookie: rootCookie })).status).toBe(403);
    expect(env.t.reload(otherRoot.id).email).toBe(otherRoot.email);

    const managed = await save(rootCookie, otherAdmin.id, "new-admin@example.test");
    expect(managed.status).toBe(200);
    expect(env.t.reload(otherAdmin.id).email).toBe("new-admin@example.test");
    expect((await env.t.call("POST", "/users/save", { cookie: rootCookie, body: { id: otherAdmin.id, role: { groupName: "USER" } } })).status).toBe(200);
  });

  test("an e-mail change is mailed to the old address in its owner's language, audited, and ends open reset links", async () => {
    const { user: admin, cookie } = await env.t.userWithCookie("ADMIN");
    const { user } = await env.t.userWithCookie("USER", { locale: "ru" });
    await env.t.call("GET", `/reset-password/create-request?email=${user.email}`);
    const resetMail = await env.sink.waitFor(user.email, (m) => m.html.includes("/new-password?token="));
    const token = decodeURIComponent(resetMail.html.match(/\/new-password\?token=([^"&]+)/)![1]);

    const res = await env.t.call("POST", "/users/save", { cookie, body: { id: user.id, email: "  Moved@Example.test " } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("Moved@Example.test");
    const notice = await env.sink.waitFor(user.email, (m) => m.subject === "E-mail вашей учётной записи изменён");
    expect(notice.html).toContain("Moved@Example.test");
    expect(notice.html).toContain(admin.login);
    expect(env.sink.mails.some((m) => m.to.includes("moved@example.test") && m.subject.includes("E-mail"))).toBe(false);

    const log = env.t.db.select().from(activityLog).where(eq(activityLog.activityType, "EMAIL_CHANGE")).all();
    expect(log).toHaveLength(1);
    expect(log[0].userId).toBe(admin.id);
    expect(log[0].description).toBe(`user ${user.login}: ${user.email} -> Moved@Example.test`);
    expect(env.t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.userId, user.id)).get()!.usedAt).toBeInstanceOf(Date);
    expect((await env.t.call("POST", "/reset-password/set-password", { body: { token, password: "hijacked-pass-1" } })).status).toBe(400);
  });

  test("a user changing their own e-mail is told at the old address too; saving the same address sends nothing", async () => {
    const { user, cookie } = await env.t.userWithCookie();
    expect((await env.t.call("POST", "/users/save", { cookie, body: { email: user.email, phoneNumber: "2" } })).status).toBe(200);
    expect((await env.t.call("POST", "/users/save", { cookie, body: { email: `new-${user.email}` } })).status).toBe(200);
    const notice = await env.sink.waitFor(user.email, (m) => m.subject === "The e-mail address of your account was changed");
    expect(notice.html).toContain(`new-${user.email}`);
    await env.t.ctx.mailer.idle();
    expect(env.sink.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(env.t.db.select().from(activityLog).where(eq(activityLog.activityType, "EMAIL_CHANGE")).all()).toHaveLength(1);
  });
});
