import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { activityLog } from "../../../db/schema";
import { makeUser, testApp, type TestApp } from "../../testing/harness";
import { tarGz } from "../../testing/tar-fixture";
import { givePassphrase, PASSPHRASE, plainTarOf, sealTar } from "../../testing/backup-fixture";
import { backupsDir, fileNamesOfDate } from "./names";
import { finishInterruptedRestore } from "./restore";

let t: TestApp;
let admin: string;
let adminId: number;
beforeEach(async () => {
  t = testApp();
  ({ cookie: admin, user: { id: adminId } } = await t.userWithCookie("SYSTEM_ADMIN"));
  await givePassphrase(t.config.dataDir);
});
afterEach(() => t.close());

const storedFile = (relative: string, content: string) => {
  const path = join(t.config.dataDir, "files", relative);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, content);
  return path;
};

async function backup() {
  const made = await t.call("POST", "/backup/backup-now", { cookie: admin });
  expect(made.status).toBe(200);
  return made.body.date as string;
}

const archivePath = (date: string) => join(backupsDir(t.config.dataDir), fileNamesOfDate(date)[0]);
const restore = (date: string) => t.call("POST", "/backup/restore-by-date", { cookie: admin, body: { date, passphrase: PASSPHRASE } });

/** Places a hand-made unencrypted archive (the format before encryption) in the backups folder under a date of its own. */
function placeArchive(date: string, bytes: Buffer) {
  mkdirSync(backupsDir(t.config.dataDir), { recursive: true });
  writeFileSync(join(backupsDir(t.config.dataDir), fileNamesOfDate(date)[1]), bytes);
}

describe("backup and restore", () => {
  test("a backup restores the database, the stored files and the key, and lists by DD.MM.YYYY HH:mm:ss", async () => {
    const kept = storedFile("2026/01/kept", "original bytes");
    const before = await makeUser(t.db, "USER");
    const date = await backup();
    expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    const list = await t.call("GET", "/backup/get-all", { cookie: admin });
    expect(list.body).toEqual([{ date, size: expect.any(Number), encrypted: true }]);

    writeFileSync(kept, "changed bytes");
    const later = storedFile("2026/02/later", "made after the backup");
    const after = await makeUser(t.db, "USER");
    t.db.$client.exec(`UPDATE users SET first_name = 'Renamed' WHERE id = ${before.id}`);

    const restored = await restore(date);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ restartNeeded: false });
    expect(t.reload(before.id).firstName).toBe(before.firstName);
    expect(t.db.$client.query("SELECT count(*) AS n FROM users WHERE id = ?").get(after.id)).toEqual({ n: 0 });
    expect(readFileSync(kept, "utf8")).toBe("original bytes");
    expect(existsSync(later)).toBe(false);
    // The running process goes on with the restored data, the admin's session included.
    expect((await t.call("GET", "/backup/get-all", { cookie: admin })).status).toBe(200);
    // Nothing of the restore is left behind.
    expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith(".restore-") || name.startsWith("restore."))).toEqual([]);
  });

  test("the archive holds a manifest with the SHA-256 of every entry, the database and the secret key", async () => {
    storedFile("2026/01/a", "aaa");
    const date = await backup();
    const tar = (await plainTarOf(archivePath(date))).toString("latin1");
    expect(tar).toContain("plexus.sqlite");
    expect(tar).toContain("keys/secret.key");
    expect(tar).toContain("files/2026/01/a");
    const manifest = JSON.parse(tar.slice(tar.indexOf('{"format"'), tar.lastIndexOf("}") + 1));
    const names = manifest.entries.map((e: { name: string }) => e.name);
    for (const name of ["files/2026/01/a", "keys/secret.key", "plexus.sqlite"]) expect(names).toContain(name);
    expect(manifest.entries.every((e: { sha256: string }) => /^[0-9a-f]{64}$/.test(e.sha256))).toBe(true);
  });

  test("delete-by-date removes the archive; an unknown date is 404 and a malformed one 422", async () => {
    const date = await backup();
    expect((await t.call("POST", "/backup/delete-by-date", { cookie: admin, body: { date: "01.01.2000 00:00:00" } })).status).toBe(404);
    expect((await t.call("POST", "/backup/delete-by-date", { cookie: admin, body: { date: "../../plexus.sqlite" } })).status).toBe(422);
    expect((await t.call("POST", "/backup/delete-by-date", { cookie: admin, body: { date } })).status).toBe(200);
    expect((await t.call("GET", "/backup/get-all", { cookie: admin })).body).toEqual([]);
  });

  test("a restore is logged as RESTORE by the administrator in the restored log, naming the backup's date", async () => {
    const date = await backup();
    const restored = await restore(date);
    expect(restored.status).toBe(200);
    const rows = t.db.select().from(activityLog).all().filter((row) => row.activityType === "RESTORE");
    expect(rows.map((row) => [row.userId, row.description])).toEqual([[adminId, `backup ${date}`]]);
  });

  test("a restore by an administrator the backup does not hold is logged by nobody, naming their login", async () => {
    const date = await backup();
    const { cookie, user } = await t.userWithCookie("SYSTEM_ADMIN");
    expect((await t.call("POST", "/backup/restore-by-date", { cookie, body: { date, passphrase: PASSPHRASE } })).status).toBe(200);
    const rows = t.db.select().from(activityLog).all().filter((row) => row.activityType === "RESTORE");
    expect(rows.map((row) => [row.userId, row.description])).toEqual([[null, `backup ${date} by ${user.login}`]]);
  });

  test("deleting a backup is logged as DELETE by the administrator, naming its date", async () => {
    const date = await backup();
    expect((await t.call("POST", "/backup/delete-by-date", { cookie: admin, body: { date } })).status).toBe(200);
    const rows = t.db.select().from(activityLog).all().filter((row) => row.activityType === "DELETE");
    expect(rows.map((row) => [row.userId, row.description])).toEqual([[adminId, `backup ${date}`]]);
  });

  test("only a system administrator may list, make, restore or delete backups", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    expect((await t.call("GET", "/backup/get-all", { cookie })).status).toBe(403);
    expect((await t.call("POST", "/backup/backup-now", { cookie })).status).toBe(403);
    expect(existsSync(backupsDir(t.config.dataDir))).toBe(false);
  });

  test("another backup type switches the list and the calls off (backup_disabled)", async () => {
    t.db.$client.exec("UPDATE settings SET body = 'NONE' WHERE label = 'BACKUP_TYPE'");
    expect((await t.call("GET", "/backup/get-type", { cookie: admin })).body).toEqual({ type: "NONE" });
    const list = await t.call("GET", "/backup/get-all", { cookie: admin });
    expect(list.status).toBe(409);
    expect(list.body.error).toBe("backup_disabled");
    expect((await t.call("POST", "/backup/backup-now", { cookie: admin })).body.error).toBe("backup_disabled");
  });

  test("one operation at a time: a second backup while one runs is refused with backup_busy", async () => {
    storedFile("2026/01/big", "x".repeat(2_000_000));
    const [first, second] = await Promise.all([
      t.call("POST", "/backup/backup-now", { cookie: admin }),
      t.call("POST", "/backup/backup-now", { cookie: admin }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body.error, second.body.error]).toContain("backup_busy");
  });
});

describe("a restore refuses what is not a sound backup, and changes nothing", () => {
  async function expectRefused(date: string) {
    const marker = await makeUser(t.db, "USER");
    const file = storedFile("2026/03/present", "present");
    const answer = await restore(date);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe("backup_invalid");
    expect(t.reload(marker.id).login).toBe(marker.login);
    expect(readFileSync(file, "utf8")).toBe("present");
    expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    return answer;
  }

  test("a corrupt archive (bytes changed in the middle)", async () => {
    storedFile("2026/01/a", "a".repeat(100_000));
    const date = await backup();
    const bytes = readFileSync(archivePath(date));
    for (let i = 200; i < 400; i++) bytes[Math.floor(bytes.length / 2) + i] ^= 0xff;
    writeFileSync(archivePath(date), bytes);
    await expectRefused(date);
  });

  test("a truncated archive", async () => {
    const date = await backup();
    const bytes = readFileSync(archivePath(date));
    writeFileSync(archivePath(date), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(date);
  });

  test("a foreign archive: a tar.gz without a manifest, and a file that is not gzip at all", async () => {
    placeArchive("01.01.2020 00:00:00", tarGz([{ name: "notes.txt", content: "hello" }]));
    expect((await expectRefused("01.01.2020 00:00:00")).body.details[0].message).toContain("not allowed");
    placeArchive("02.01.2020 00:00:00", tarGz([{ name: "files/x", content: "hello" }]));
    expect((await expectRefused("02.01.2020 00:00:00")).body.details[0].message).toContain("manifest");
    placeArchive("03.01.2020 00:00:00", Buffer.from("PK\u0003\u0004 a zip, not ours"));
    await expectRefused("03.01.2020 00:00:00");
  });

  test("path traversal, absolute names and links in the archive are refused before anything is written", async () => {
    for (const [i, entry] of [{ name: "../escaped", content: "x" }, { name: "/tmp/escaped", content: "x" }, { name: "files/../../escaped", content: "x" }, { name: "files/link", type: "2" }].entries()) {
      const date = `0${i + 1}.02.2020 00:00:00`;
      placeArchive(date, tarGz([entry]));
      await expectRefused(date);
    }
    expect(existsSync(join(t.config.dataDir, "..", "escaped"))).toBe(false);
    expect(existsSync("/tmp/escaped")).toBe(false);
  });

  test("an entry that does not match the manifest's SHA-256", async () => {
    storedFile("2026/01/a", "AAAA");
    const date = await backup();
    const tar = await plainTarOf(archivePath(date));
    const at = tar.indexOf("AAAA");
    tar.write("BBBB", at);
    await sealTar(t.config.dataDir, archivePath(date), tar);
    expect((await expectRefused(date)).body.details[0].message).toContain("does not match the manifest");
  });

  test("a backup made by a newer Plexus (schema newer than ours)", async () => {
    const date = await backup();
    const tar = (await plainTarOf(archivePath(date))).toString("latin1");
    const newer = tar.replace(/"schema":(\d+)/, (_, n) => `"schema":${String(Number(n) + 1).padStart(n.length, "0")}`);
    await sealTar(t.config.dataDir, archivePath(date), Buffer.from(newer, "latin1"));
    expect((await expectRefused(date)).body.details[0].message).toContain("newer Plexus");
  });
});

describe("a restore cut short by a crash", () => {
  test("before the database committed: the next start puts the old files back", async () => {
    const stage = join(t.config.dataDir, ".restore-crashed");
    mkdirSync(join(stage, "files.old", "2026", "01"), { recursive: true });
    writeFileSync(join(stage, "files.old", "2026", "01", "old"), "old");
    writeFileSync(join(t.config.dataDir, "restore.pending.json"), JSON.stringify({ token: 12345, stage }));
    finishInterruptedRestore(t.db, t.config.dataDir);
    expect(readFileSync(join(t.config.dataDir, "files", "2026", "01", "old"), "utf8")).toBe("old");
    expect(existsSync(stage)).toBe(false);
    expect(existsSync(join(t.config.dataDir, "restore.pending.json"))).toBe(false);
  });

  test("after the database committed: the next start completes the files swap", async () => {
    storedFile("2026/01/current", "current");
    const stage = join(t.config.dataDir, ".restore-crashed");
    mkdirSync(join(stage, "files", "2026", "01"), { recursive: true });
    writeFileSync(join(stage, "files", "2026", "01", "restored"), "restored");
    writeFileSync(join(t.config.dataDir, "restore.pending.json"), JSON.stringify({ token: 54321, stage }));
    t.db.$client.exec("PRAGMA user_version = 54321");
    finishInterruptedRestore(t.db, t.config.dataDir);
    expect(readFileSync(join(t.config.dataDir, "files", "2026", "01", "restored"), "utf8")).toBe("restored");
    expect(existsSync(join(t.config.dataDir, "files", "2026", "01", "current"))).toBe(false);
    expect(existsSync(stage)).toBe(false);
  });
});
