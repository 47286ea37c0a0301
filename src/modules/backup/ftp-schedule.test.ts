import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FtpSrv } from "ftp-srv";
import { testApp, type TestApp } from "../../testing/harness";
import { givePassphrase } from "../../testing/backup-fixture";
import { backupsDir } from "./names";
import { runScheduledBackup } from "./schedule";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
  await givePassphrase(t.config.dataDir);
});
afterEach(() => t.close());

const setSettings = (values: Record<string, string>) =>
  t.call("POST", "/settings/save-all", { cookie: admin, body: Object.entries(values).map(([label, body]) => ({ label, body })) });

describe("FTP upload of each backup (ftp-srv on loopback)", () => {
  let server: FtpSrv;
  let root: string;
  let port: number;
  const logins: string[] = [];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "plexus-ftp-"));
    // Below Linux's ephemeral range (32768 up), where the ports other servers and connections get from the kernel
    // could land on this one or its passive ports: a client then met another server (WRONG_VERSION_NUMBER).
    port = 20_000 + Math.floor(Math.random() * 12_000);
    server = new FtpSrv({ url: `ftp://127.0.0.1:${port}`, pasv_url: "127.0.0.1", pasv_min: port + 1, pasv_max: port + 50, log: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } as never });
    server.on("login", ({ username, password }, resolve, reject) => {
      logins.push(username);
      if (username === "backups" && password === "ftp-secret") resolve({ root });
      else reject(new Error("wrong password"));
    });
    await server.listen();
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("with FTP_UPLOAD_BACKUPS the archive lands in FTP_FOLDER, byte for byte", async () => {
    expect((await setSettings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(port), FTP_USER: "backups", FTP_PASSWORD: "ftp-secret", FTP_FOLDER: "/plexus/nightly", FTP_UPLOAD_BACKUPS: "true", FTP_PLAIN: "true" })).status).toBe(200);
    const made = await t.call("POST", "/backup/backup-now", { cookie: admin });
    expect(made.body.uploaded).toBe(true);
    const [local] = readdirSync(backupsDir(t.config.dataDir));
    expect(readFileSync(join(root, "plexus", "nightly", local)).equals(readFileSync(join(backupsDir(t.config.dataDir), local)))).toBe(true);
    // The activity log names who sent which archive where (FTP_DOWNLOAD, the spec's one FTP kind).
    const me = (await t.call("GET", "/users/get-user", { cookie: admin })).body.id;
    const log = await t.call("POST", "/admin/activity-log/find-pageable-search-result", { cookie: admin, body: { page: 0, rowsPerPage: 50, sortBy: "date", desc: true } });
    const sent = log.body.content.filter((row: { activityType: string }) => row.activityType === "FTP_DOWNLOAD");
    expect(sent.map((row: { description: string; userEntity: { id: number } }) => [row.description, row.userEntity.id])).toEqual([[`${local} to 127.0.0.1 over plain FTP`, me]]);
  });

  test("without it nothing is sent; a failed upload keeps the local backup and says uploaded: false", async () => {
    const before = logins.length;
    expect((await t.call("POST", "/backup/backup-now", { cookie: admin })).body.uploaded).toBe(false);
    expect(logins.length).toBe(before);
    await setSettings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(port), FTP_USER: "backups", FTP_PASSWORD: "wrong", FTP_UPLOAD_BACKUPS: "true", FTP_PLAIN: "true" });
    await Bun.sleep(1000);
    const made = await t.call("POST", "/backup/backup-now", { cookie: admin });
    expect(made.status).toBe(200);
    expect(made.body.uploaded).toBe(false);
    expect(logins.length).toBe(before + 1);
    expect(readdirSync(backupsDir(t.config.dataDir))).toHaveLength(2);
  });
});

describe("the daily schedule", () => {
  test("makes one backup once BACKUP_TIME has passed, not a second that day, and keeps BACKUP_KEEP", async () => {
    await setSettings({ BACKUP_TIME: "03:30", BACKUP_KEEP: "2" });
    const at = (day: number, hh: number, mm: number) => new Date(2030, 0, day, hh, mm, 0);
    expect(await runScheduledBackup(t.ctx, at(1, 3, 29))).toBe(false);
    expect(readdirSync(t.config.dataDir)).not.toContain("backups");
    expect(await runScheduledBackup(t.ctx, at(1, 3, 31))).toBe(true);
    expect(await runScheduledBackup(t.ctx, at(1, 23, 0))).toBe(false);
    expect(await runScheduledBackup(t.ctx, at(2, 3, 30))).toBe(true);
    expect(await runScheduledBackup(t.ctx, at(3, 9, 0))).toBe(true);
    expect(readdirSync(backupsDir(t.config.dataDir)).sort()).toEqual(["plexus-20300102-033000.tar.gz.enc", "plexus-20300103-090000.tar.gz.enc"]);
  });

  test("is off with an empty or malformed BACKUP_TIME, and for another backup type", async () => {
    const noon = new Date(2030, 0, 1, 12, 0, 0);
    expect(await runScheduledBackup(t.ctx, noon)).toBe(false);
    await setSettings({ BACKUP_TIME: "25:00" });
    expect(await runScheduledBackup(t.ctx, noon)).toBe(false);
    await setSettings({ BACKUP_TIME: "03:00", BACKUP_TYPE: "NONE" });
    expect(await runScheduledBackup(t.ctx, noon)).toBe(false);
    expect(readdirSync(t.config.dataDir)).not.toContain("backups");
  });

  test("waits, without failing, until a backup passphrase is set", async () => {
    await setSettings({ BACKUP_TIME: "03:00" });
    rmSync(join(t.config.dataDir, "backup.key"));
    const noon = new Date(2030, 0, 1, 12, 0, 0);
    expect(await runScheduledBackup(t.ctx, noon)).toBe(false);
    expect(readdirSync(t.config.dataDir)).not.toContain("backups");
    await givePassphrase(t.config.dataDir);
    expect(await runScheduledBackup(t.ctx, noon)).toBe(true);
  });
});
