import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, users } from "../../../db/schema";
import { testApp, type TestApp } from "../../testing/harness";
import { SEEDED_PEOPLE, PEOPLE, skipWithoutSlapd, startSlapd, type Slapd } from "../../testing/slapd";
import { startDirectorySyncJob } from "../../jobs/directory-sync";
import { directoryPasswordMatches } from "./client";
import { directoryConfig } from "./config";
import { syncOnce } from "./sync";

const [ivanov, petrov, jane, nomail] = SEEDED_PEOPLE;

describe.skipIf(skipWithoutSlapd())("Active Directory / LDAP against slapd", () => {
  let slapd: Slapd;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => (slapd = await startSlapd({ tls: true })));
  afterAll(() => slapd.stop());
  beforeEach(async () => {
    t = testApp();
    admin = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
  });
  afterEach(() => t.close());

  /** The settings an administrator saves for an OpenLDAP tree (inetOrgPerson attributes). */
  const settings = (overrides: Record<string, string> = {}) =>
    Object.entries({
      AD_URL: slapd.url,
      AD_BASE_DN: PEOPLE,
      AD_BIND_DN: slapd.rootDn,
      AD_BIND_PASSWORD: slapd.rootPassword,
      AD_FILTER: "(objectClass=inetOrgPerson)",
      AD_LOGIN_ATTRIBUTE: "uid",
      AD_COMPANY_ATTRIBUTE: "o",
      ...overrides,
    }).map(([label, body]) => ({ label, body }));

  async function configure(overrides: Record<string, string> = {}) {
    const saved = await t.call("POST", "/settings/save-all", { cookie: admin, body: settings(overrides) });
    expect(saved.status).toBe(200);
  }
  const importNow = () => t.call("POST", "/directory/import", { cookie: admin });
  const byLogin = (login: string) => t.db.select().from(users).where(eq(users.login, login)).get();

  test("import creates active users with Cyrillic names, odd characters and read-only marks; entries without e-mail are skipped", async () => {
    await configure();
    const res = await importNow();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ found: 4, created: 3, updated: 0, deactivated: 0, skippedCount: 1 });
    expect(res.body.skipped).toEqual([{ dn: `uid=nomail,${PEOPLE}`, login: nomail.uid, reason: "no_email" }]);
    expect(byLogin("ivanov")).toMatchObject({ firstName: "Иван", lastName: "Иванов", position: "Инженер-геодезист", company: "ООО «Ромашка»", email: ivanov.mail, isActive: true, isImportedFromAD: true, role: "USER" });
    expect(byLogin("petrov")).toMatchObject({ firstName: "Пётр", company: 'АО "Север"' });
    expect(byLogin("jane.doe")).toMatchObject({ lastName: "O'Doe, Jr.", company: "Doe & Co, Ltd.", position: "Lead (GIS)" });
    // A second import finds nothing new and changes nothing.
    expect((await importNow()).body).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
  });

  test("an imported user signs in with the directory password (DNs with Cyrillic, commas and quotes); a wrong one, or one matching the local hash, is refused", async () => {
    await configure();
    await importNow();
    for (const person of [ivanov, petrov, jane]) {
      const ok = await t.call("POST", "/login", { body: { username: person.uid, password: person.password } });
      expect(ok.status).toBe(200);
      expect(ok.body.isImportedFromAD).toBe(true);
    }
    const wrong = await t.call("POST", "/login", { body: { username: "ivanov", password: "Пароль-Иванова-2" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_credentials");
    // A local hash is never consulted for an imported user, even one that matches.
    const local = await Bun.password.hash("password-1", { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });
    t.db.update(users).set({ passwordHash: local }).where(eq(users.login, "ivanov")).run();
    expect((await t.call("POST", "/login", { body: { username: "ivanov", password: "password-1" } })).status).toBe(401);
    // Upper case in another script finds the same account, and the directory still decides.
    expect((await t.call("POST", "/login", { body: { username: "IVANOV", password: ivanov.password } })).status).toBe(200);
    const imported = new Set([ivanov, petrov, jane].map((person) => byLogin(person.uid)?.id));
    const logins = t.db.select().from(activityLog).where(eq(activityLog.activityType, "LOGIN")).all().filter((row) => imported.has(row.userId ?? 0));
    expect(logins.map((row) => row.description)).toEqual(Array(4).fill("directory (plain)"));
  });

  test("filter characters in a login match only themselves, and an empty password never binds", async () => {
    await configure();
    const config = directoryConfig(t.db);
    expect(await directoryPasswordMatches(config, "ivanov", ivanov.password)).toBe(true);
    expect(await directoryPasswordMatches(config, "*", ivanov.password)).toBe(false);
    expect(await directoryPasswordMatches(config, "iva*", ivanov.password)).toBe(false);
    expect(await directoryPasswordMatches(config, "ivanov)(uid=*", ivanov.password)).toBe(false);
    expect(await directoryPasswordMatches(config, "*)(uid=*", ivanov.password)).toBe(false);
    expect(await directoryPasswordMatches(config, "ivanov)(|(uid=*", ivanov.password)).toBe(false);
    expect(await directoryPasswordMatches(config, "\\69vanov", ivanov.password)).toBe(false); // \69 is "i" in filter escapes
    expect(await directoryPasswordMatches(config, "ivanov", "")).toBe(false);
  });

  test("a local account whose login the directory also has keeps its local password and is not taken over", async () => {
    const local = await t.userWithCookie("USER", { login: "petrov", email: "local-petrov@example.test" });
    await configure();
    const res = await importNow();
    expect(res.body.skipped).toContainEqual({ dn: `cn=Пётр Петров,${PEOPLE}`, login: "petrov", reason: "local_account" });
    expect(t.reload(local.user.id)).toMatchObject({ isImportedFromAD: false, email: "local-petrov@example.test" });
    expect((await t.call("POST", "/login", { body: { username: "petrov", password: "password-1" } })).status).toBe(200);
    expect((await t.call("POST", "/login", { body: { username: "petrov", password: petrov.password } })).status).toBe(401);
  });

  test("a user removed from the directory is deactivated on sync and signed out; one an administrator switched off stays off", async () => {
    const leaver = { ...ivanov, rdn: "uid=leaver", uid: "leaver", mail: "leaver@plexus.test", password: "leaver-secret-5" };
    await slapd.add(leaver);
    try {
      await configure();
      await importNow();
      const cookie = await t.signIn("leaver", leaver.password);
      const switchedOff = byLogin("jane.doe")!;
      t.db.update(users).set({ isActive: false }).where(eq(users.id, switchedOff.id)).run();
      await slapd.remove(leaver);

      const res = await importNow();
      expect(res.body).toMatchObject({ deactivated: 1, created: 0 });
      expect(byLogin("leaver")!.isActive).toBe(false);
      expect(byLogin("jane.doe")!.isActive).toBe(false);
      expect((await t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
      const again = await t.call("POST", "/login", { body: { username: "leaver", password: leaver.password } });
      expect(again.status).toBe(401);
    } finally {
      await slapd.remove(leaver).catch(() => {});
    }
  });

  test("an account Active Directory disables (userAccountControl 0x2) cannot sign in, is switched off by the sync and on again when re-enabled; one an administrator switched off stays off", async () => {
    const worker = { ...ivanov, rdn: "uid=worker", uid: "worker", mail: "worker@plexus.test", password: "worker-secret-6", userAccountControl: "512" };
    const kept = { ...ivanov, rdn: "uid=kept", uid: "kept", mail: "kept@plexus.test", password: "kept-secret-7", userAccountControl: "512" };
    const late = { ...ivanov, rdn: "uid=late", uid: "late", mail: "late@plexus.test", password: "late-secret-8", userAccountControl: "66050" };
    const overruled = { ...ivanov, rdn: "uid=overruled", uid: "overruled", mail: "overruled@plexus.test", password: "overruled-secret-11", userAccountControl: "512" };
    const people = [worker, kept, late, overruled];
    for (const person of people) await slapd.add(person);
    try {
      await configure();
      expect((await importNow()).body.skipped).toContainEqual({ dn: `uid=late,${PEOPLE}`, login: "late", reason: "disabled" });
      expect(byLogin("late")).toBeUndefined();
      const cookie = await t.signIn("worker", worker.password);
      t.db.update(users).set({ isActive: false }).where(eq(users.login, "kept")).run(); // an administrator's choice

      for (const person of [worker, kept, overruled]) await slapd.setAccountControl(person, "514");
      const refused = await t.call("POST", "/login", { body: { username: "worker", password: worker.password } });
      expect([refused.status, refused.body.error]).toEqual([401, "invalid_credentials"]);
      expect((await importNow()).body).toMatchObject({ deactivated: 2, activated: 0, keptLastAdmin: null });
      expect(byLogin("worker")).toMatchObject({ isActive: false, disabledInDirectory: true });
      expect((await t.call("GET", "/users/get-user", { cookie })).status).toBe(401);
      // An administrator switches an account on and off again: their choice, not the directory's, stands.
      const id = byLogin("overruled")!.id;
      for (const action of ["activate", "deactivate"]) expect((await t.call("POST", `/users/${action}?id=${id}`, { cookie: admin })).status).toBe(200);

      for (const person of [worker, kept, late, overruled]) await slapd.setAccountControl(person, "512");
      expect((await importNow()).body).toMatchObject({ activated: 1, created: 1, deactivated: 0 });
      expect(byLogin("worker")).toMatchObject({ isActive: true, disabledInDirectory: false });
      expect(byLogin("kept")!.isActive).toBe(false);
      expect(byLogin("overruled")!.isActive).toBe(false);
      expect(byLogin("late")!.isActive).toBe(true);
      expect((await t.call("POST", "/login", { body: { username: "worker", password: worker.password } })).status).toBe(200);
    } finally {
      for (const person of people) await slapd.remove(person).catch(() => {});
    }
  });

  test("a sync never switches off the last active SYSTEM_ADMIN, whether the directory disables or drops them: the activity log and the result say so", async () => {
    const boss = { ...ivanov, rdn: "uid=boss", uid: "boss", mail: "boss@plexus.test", password: "boss-secret-9", userAccountControl: "512" };
    await slapd.add(boss);
    try {
      await configure();
      await importNow();
      t.db.update(users).set({ role: "SYSTEM_ADMIN" }).where(eq(users.login, "boss")).run();
      // The local administrator leaves: the imported one is the last SYSTEM_ADMIN.
      t.db.update(users).set({ isActive: false }).where(eq(users.role, "SYSTEM_ADMIN")).run();
      t.db.update(users).set({ isActive: true }).where(eq(users.login, "boss")).run();

      await slapd.setAccountControl(boss, "514");
      expect(await syncOnce(t.ctx, null)).toMatchObject({ deactivated: 0, keptLastAdmin: "boss" });
      await slapd.remove(boss);
      expect(await syncOnce(t.ctx, null)).toMatchObject({ deactivated: 0, keptLastAdmin: "boss" });
      expect(byLogin("boss")).toMatchObject({ isActive: true, role: "SYSTEM_ADMIN" });
      const notes = t.db.select().from(activityLog).where(eq(activityLog.activityType, "UPDATE")).all().map((row) => row.description);
      expect(notes).toContain("boss: disabled in the directory, but kept active as the last system administrator");
      expect(notes).toContain("boss: no longer in the directory, but kept active as the last system administrator");

      // Another SYSTEM_ADMIN is back: now the sync may switch the imported one off.
      const other = await t.userWithCookie("SYSTEM_ADMIN");
      const res = await t.call("POST", "/directory/import", { cookie: other.cookie });
      expect(res.body).toMatchObject({ deactivated: 1, keptLastAdmin: null });
      expect(byLogin("boss")!.isActive).toBe(false);
    } finally {
      await slapd.remove(boss).catch(() => {});
    }
  });

  test("ldaps:// and StartTLS work with the CA certificate given in the settings (line breaks lost in pasting or not); an untrusted certificate is a clear 502, never a 500", async () => {
    const tls = { AD_URL: slapd.ldapsUrl, AD_CA_CERTIFICATE: slapd.caCertificate.replace(/\n/g, " ") };
    await configure(tls);
    const test = (body: Record<string, string>) => t.call("POST", "/directory/test", { cookie: admin, body });
    expect((await test({})).body).toEqual({ found: 4, importable: 3, notImportable: 1, transport: "ldaps" });
    expect((await test({ AD_URL: slapd.url, AD_START_TLS: "true", AD_CA_CERTIFICATE: slapd.caCertificate, AD_BIND_PASSWORD: slapd.rootPassword })).body).toMatchObject({ found: 4, transport: "starttls" });
    await importNow();
    expect((await t.call("POST", "/login", { body: { username: "ivanov", password: ivanov.password } })).status).toBe(200);
    const login = t.db.select().from(activityLog).where(eq(activityLog.activityType, "LOGIN")).all().at(-1);
    expect(login?.description).toBe("directory (ldaps)");

    const untrustedServers: Record<string, string>[] = [
      { AD_URL: slapd.ldapsUrl, AD_CA_CERTIFICATE: slapd.otherCaCertificate },
      { AD_URL: slapd.ldapsUrl, AD_CA_CERTIFICATE: "" },
      { AD_URL: slapd.url, AD_START_TLS: "true", AD_CA_CERTIFICATE: slapd.otherCaCertificate },
      // The right CA, but a name the certificate (issued to 127.0.0.1) does not carry.
      { AD_URL: slapd.ldapsUrl.replace("127.0.0.1", "localhost"), AD_CA_CERTIFICATE: slapd.caCertificate },
    ];
    for (const untrusted of untrustedServers) {
      const res = await test({ ...untrusted, AD_BIND_PASSWORD: slapd.rootPassword });
      expect([res.status, res.body.error]).toEqual([502, "directory_tls_failed"]);
      expect(res.body.message).toContain("certificate");
    }
    const notPem = await test({ AD_CA_CERTIFICATE: "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----", AD_BIND_PASSWORD: slapd.rootPassword });
    expect([notPem.status, notPem.body.error]).toEqual([422, "directory_settings_invalid"]);
    expect(notPem.body.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([["settings.AD_CA_CERTIFICATE", "directory.invalidCertificate"]]);
    // Trusting another CA is a different connection: the saved bind password does not go with it.
    const other = await test({ AD_CA_CERTIFICATE: slapd.otherCaCertificate });
    expect(other.body.details.map((d: { path: string }) => d.path)).toEqual(["settings.AD_BIND_PASSWORD"]);

    // A saved CA that no longer matches the server: sign-in says the directory is at fault, not the password.
    await configure({ ...tls, AD_CA_CERTIFICATE: slapd.otherCaCertificate });
    const signIn = await t.call("POST", "/login", { body: { username: "ivanov", password: ivanov.password } });
    expect([signIn.status, signIn.body.error]).toEqual([503, "directory_unavailable"]);
  });

  test("backslashes, a leading '#', quotes, plus signs and Cyrillic in DNs and values import and sign in; a directory login with filter syntax is not imported", async () => {
    const odd = { rdn: "cn=\\#Хэш \\\\ Back\\+slash", uid: "odd.one", givenName: "#Хэш", sn: "Back\\slash \"Q\" + 1", mail: "odd@plexus.test", title: "=*)(uid=*", o: "\\5c, (x)", password: "odd\\pass#1" };
    const wild = { ...ivanov, rdn: "uid=wild", uid: "*)(uid=*", mail: "wild@plexus.test", password: "wild-secret-10" };
    await slapd.add(odd);
    await slapd.add(wild);
    try {
      await configure();
      const res = await importNow();
      expect(res.body.skipped).toContainEqual({ dn: `uid=wild,${PEOPLE}`, login: "*)(uid=*", reason: "invalid_login" });
      expect(byLogin("odd.one")).toMatchObject({ firstName: "#Хэш", lastName: 'Back\\slash "Q" + 1', position: "=*)(uid=*", company: "\\5c, (x)", isActive: true });
      expect((await t.call("POST", "/login", { body: { username: "odd.one", password: odd.password } })).status).toBe(200);
      expect((await t.call("POST", "/login", { body: { username: "odd.one", password: "odd\\pass#2" } })).status).toBe(401);
    } finally {
      await slapd.remove(odd).catch(() => {});
      await slapd.remove(wild).catch(() => {});
    }
  });

  test("the periodic sync runs after AD_SYNC_INTERVAL_MINUTES and not before", async () => {
    await configure({ AD_SYNC_INTERVAL_MINUTES: "5" });
    const job = startDirectorySyncJob(t.ctx, 3_600_000);
    try {
      await job.tick(Date.now() + 60_000);
      expect(byLogin("ivanov")).toBeUndefined();
      await job.tick(Date.now() + 5 * 60_000 + 1000);
      expect(byLogin("ivanov")!.isImportedFromAD).toBe(true);
    } finally {
      job.stop();
    }
  });

  test("directory/test answers counts, or a clear error for each kind of bad setting, and changes nothing", async () => {
    await configure();
    const test = (body: Record<string, string>) => t.call("POST", "/directory/test", { cookie: admin, body });
    expect((await test({})).body).toEqual({ found: 4, importable: 3, notImportable: 1, transport: "plain" });

    const wrongPassword = await test({ AD_BIND_PASSWORD: "nope" });
    expect([wrongPassword.status, wrongPassword.body.error]).toEqual([422, "directory_bind_failed"]);
    const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    const unreachable = await test({ AD_URL: `ldap://127.0.0.1:${port}`, AD_BIND_PASSWORD: "x" });
    expect([unreachable.status, unreachable.body.error]).toEqual([502, "directory_unreachable"]);
    const wrongBase = await test({ AD_BASE_DN: "ou=nobody,dc=plexus,dc=test" });
    expect([wrongBase.status, wrongBase.body.error]).toEqual([422, "directory_search_failed"]);
    const badMapping = await test({ AD_LOGIN_ATTRIBUTE: "uid)(objectClass=*", AD_FILTER: "objectClass=*", AD_URL: "http://127.0.0.1", AD_BIND_PASSWORD: "x" });
    expect([badMapping.status, badMapping.body.error]).toEqual([422, "directory_settings_invalid"]);
    expect(badMapping.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["settings.AD_FILTER", "settings.AD_LOGIN_ATTRIBUTE", "settings.AD_URL"]);
    expect(byLogin("ivanov")).toBeUndefined();
  });

  test("the saved bind password is never sent to a server other than the saved one", async () => {
    await configure();
    let connections = 0;
    const trap = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { open: () => void connections++, data() {} } });
    try {
      const res = await t.call("POST", "/directory/test", { cookie: admin, body: { AD_URL: `ldap://127.0.0.1:${trap.port}` } });
      expect([res.status, res.body.error]).toEqual([422, "directory_settings_invalid"]);
      expect(res.body.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([["settings.AD_BIND_PASSWORD", "directory.required"]]);
      expect(connections).toBe(0);
    } finally {
      trap.stop(true);
    }
  });

  test("an imported user's profile save refuses a change to what the directory manages, and keeps the rest; the password is changed in the directory", async () => {
    await configure();
    await importNow();
    const cookie = await t.signIn("ivanov", ivanov.password);
    const refused = await t.call("POST", "/users/save", { cookie, body: { firstName: "Ваня", company: "Other", phoneNumber: "+7 900" } });
    expect([refused.status, refused.body.error]).toEqual([422, "validation_failed"]);
    expect(refused.body.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ["body.firstName", "directory.readOnly"],
      ["body.company", "directory.readOnly"],
    ]);
    expect(byLogin("ivanov")).toMatchObject({ firstName: "Иван", company: "ООО «Ромашка»", phoneNumber: null });
    const password = await t.call("POST", "/users/change-password", { cookie, body: { currentPassword: ivanov.password, newPassword: "a-local-password-1" } });
    expect([password.status, password.body.error]).toEqual([409, "directory_password"]);
    // The profile page sends the same values (or none) for the locked fields: that save goes through.
    const same = await t.call("POST", "/users/save", { cookie, body: { firstName: "Иван", email: ivanov.mail, phoneNumber: "+7 900" } });
    expect(same.status).toBe(200);
    expect(byLogin("ivanov")!.phoneNumber).toBe("+7 900");
  });

  test("an imported user cannot sign in while the directory settings are broken: 503, not a wrong-password answer", async () => {
    await configure();
    await importNow();
    await configure({ AD_URL: "ldap://127.0.0.1:1" });
    const res = await t.call("POST", "/login", { body: { username: "ivanov", password: ivanov.password } });
    expect([res.status, res.body.error]).toEqual([503, "directory_unavailable"]);
  });
});

describe.skipIf(skipWithoutSlapd())("a directory with a self-signed certificate", () => {
  test("ldaps:// and StartTLS to it are refused with directory_tls_failed, with or without a CA certificate", async () => {
    const slapd = await startSlapd({ tls: true, selfSigned: true });
    const t = testApp();
    try {
      const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
      const base = { AD_BASE_DN: PEOPLE, AD_BIND_DN: slapd.rootDn, AD_BIND_PASSWORD: slapd.rootPassword, AD_LOGIN_ATTRIBUTE: "uid" };
      for (const connection of [
        { AD_URL: slapd.ldapsUrl },
        { AD_URL: slapd.ldapsUrl, AD_CA_CERTIFICATE: slapd.caCertificate },
        { AD_URL: slapd.url, AD_START_TLS: "true" },
      ]) {
        const res = await t.call("POST", "/directory/test", { cookie, body: { ...base, ...connection } });
        expect([res.status, res.body.error]).toEqual([502, "directory_tls_failed"]);
      }
    } finally {
      await t.close();
      await slapd.stop();
    }
  });
});

describe("directory routes", () => {
  let t: TestApp;
  beforeEach(() => (t = testApp()));
  afterEach(() => t.close());

  test("only a SYSTEM_ADMIN may test or import; without settings the answer names what is missing", async () => {
    for (const role of ["USER", "MODERATOR", "ADMIN"] as const) {
      const { cookie } = await t.userWithCookie(role);
      expect((await t.call("POST", "/directory/test", { cookie, body: {} })).status).toBe(403);
      expect((await t.call("POST", "/directory/import", { cookie })).status).toBe(403);
    }
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const res = await t.call("POST", "/directory/import", { cookie });
    expect([res.status, res.body.error]).toEqual([422, "directory_settings_invalid"]);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(["settings.AD_URL", "settings.AD_BASE_DN"]);
    const unknown = await t.call("POST", "/directory/test", { cookie, body: { AD_SOMETHING: "x" } });
    expect(unknown.status).toBe(422);
    const interval = await t.call("POST", "/settings/save-all", { cookie, body: [{ label: "AD_SYNC_INTERVAL_MINUTES", body: "hourly" }] });
    expect(interval.status).toBe(422);
  });
});
