import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeUser, testApp, type TestApp } from "../../testing/harness";
import { givePassphrase, legacyBytesOf, PASSPHRASE } from "../../testing/backup-fixture";
import { backupsDir, fileNamesOfDate } from "./names";

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = testApp();
  admin = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
});
afterEach(() => t.close());

const backupNow = () => t.call("POST", "/backup/backup-now", { cookie: admin });
const restore = (date: string, passphrase?: string) => t.call("POST", "/backup/restore-by-date", { cookie: admin, body: { date, passphrase } });
const archiveOf = (date: string) => join(backupsDir(t.config.dataDir), fileNamesOfDate(date)[0]);
const keyFile = (name: string) => readFileSync(join(t.config.dataDir, name), "utf8").trim();

describe("the backup passphrase", () => {
  test("without one no backup is made (409 backup_passphrase_missing), and nothing is written", async () => {
    const made = await backupNow();
    expect(made.status).toBe(409);
    expect(made.body.error).toBe("backup_passphrase_missing");
    expect(existsSync(backupsDir(t.config.dataDir))).toBe(false);
    expect((await t.call("GET", "/backup/get-passphrase-status", { cookie: admin })).body).toEqual({ passphraseSet: false, setAt: null });
  });

  test("an own passphrase is set, never sent back, and stored only as a derived key; too short is 422", async () => {
    expect((await t.call("POST", "/backup/set-passphrase", { cookie: admin, body: { passphrase: "too short" } })).status).toBe(422);
    const set = await t.call("POST", "/backup/set-passphrase", { cookie: admin, body: { passphrase: PASSPHRASE } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ passphraseSet: true, setAt: expect.any(String) });
    const status = await t.call("GET", "/backup/get-passphrase-status", { cookie: admin });
    expect(JSON.stringify(status.body)).not.toContain("horse");
    expect(keyFile("backup.key")).not.toContain("horse");
    const { cookie } = await t.userWithCookie("ADMIN");
    expect((await t.call("POST", "/backup/set-passphrase", { cookie, body: { passphrase: PASSPHRASE } })).status).toBe(403);
  });

  test("a generated passphrase is shown once and restores its backups", async () => {
    const generated = await t.call("POST", "/backup/generate-passphrase", { cookie: admin });
    expect(generated.body.passphrase).toMatch(/^([a-z2-9]{5}-){5}[a-z2-9]{5}$/);
    const date = (await backupNow()).body.date;
    expect(JSON.stringify((await t.call("GET", "/backup/get-passphrase-status", { cookie: admin })).body)).not.toContain(generated.body.passphrase);
    expect((await restore(date, generated.body.passphrase)).status).toBe(200);
  });
});

describe("an encrypted backup", () => {
  beforeEach(() => givePassphrase(t.config.dataDir));

  test("holds neither the keys nor the database in clear, nor the key that decrypts it", async () => {
    const date = (await backupNow()).body.date;
    const archive = readFileSync(archiveOf(date));
    expect(archiveOf(date).endsWith(".tar.gz.enc")).toBe(true);
    expect(archive.subarray(0, 8).toString("latin1")).toBe("PLXSEAL\0");
    expect(archive.includes("SQLite format 3")).toBe(false);
    expect(archive.includes("manifest.json")).toBe(false);
    const backupKey = JSON.parse(keyFile("backup.key")).key as string;
    const plain = (await legacyBytesOf(archiveOf(date))).toString("latin1");
    for (const secret of [keyFile("secret.key"), backupKey, Buffer.from(backupKey, "base64").toString("latin1")]) expect(archive.includes(secret)).toBe(false);
    expect(plain).not.toContain(backupKey);
  });

  test("a restore without the passphrase or with a wrong one is a 422 that changes nothing", async () => {
    const date = (await backupNow()).body.date;
    const later = await makeUser(t.db, "USER");
    const missing = await restore(date);
    expect([missing.status, missing.body.error]).toEqual([422, "backup_passphrase_required"]);
    const wrong = await restore(date, "correct horse battery stapler");
    expect([wrong.status, wrong.body.error]).toEqual([422, "backup_wrong_passphrase"]);
    expect(t.reload(later.id).login).toBe(later.login);
    expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
  });

  test("a new passphrase leaves older backups to the old one; a new machine restores with the passphrase alone", async () => {
    const date = (await backupNow()).body.date;
    await t.call("POST", "/backup/set-passphrase", { cookie: admin, body: { passphrase: "a different passphrase" } });
    expect((await restore(date, "a different passphrase")).body.error).toBe("backup_wrong_passphrase");
    const archive = readFileSync(archiveOf(date));
    const fresh = testApp();
    try {
      const cookie = (await fresh.userWithCookie("SYSTEM_ADMIN")).cookie;
      expect(existsSync(join(fresh.config.dataDir, "backup.key"))).toBe(false);
      mkdirSync(backupsDir(fresh.config.dataDir), { recursive: true });
      writeFileSync(join(backupsDir(fresh.config.dataDir), fileNamesOfDate(date)[0]), archive);
      const restored = await fresh.call("POST", "/backup/restore-by-date", { cookie, body: { date, passphrase: PASSPHRASE } });
      expect(restored.status).toBe(200);
      expect(restored.body.restartNeeded).toBe(true);
    } finally {
      fresh.close();
    }
  });

  test("a backup made before encryption (the same gzip stream, unencrypted) still restores, without a passphrase", async () => {
    const before = await makeUser(t.db, "USER");
    const date = (await backupNow()).body.date;
    const legacy = join(backupsDir(t.config.dataDir), fileNamesOfDate(date)[1]);
    writeFileSync(legacy, await legacyBytesOf(archiveOf(date)));
    rmSync(archiveOf(date));
    expect((await t.call("GET", "/backup/get-all", { cookie: admin })).body).toEqual([{ date, size: expect.any(Number), encrypted: false }]);
    t.db.$client.exec(`UPDATE users SET first_name = 'Renamed' WHERE id = ${before.id}`);
    const restored = await restore(date);
    expect(restored.status).toBe(200);
    expect(t.reload(before.id).firstName).toBe(before.firstName);
  });
});
