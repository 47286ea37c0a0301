import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { activityLog, driveFiles, mailTemplates, stagedFiles } from "../../../db/schema";
import { givePassphrase, PASSPHRASE } from "../../testing/backup-fixture";
import { testApp } from "../../testing/harness";
import { tarGz } from "../../testing/tar-fixture";
import { buildManifest, placePackage } from "./package-fixture";
import { onRestartRequested } from "./restart";

let t: ReturnType<typeof testApp>;
let install: string;
let root: string;
let rootId: number;
const before = process.env.PLEXUS_INSTALL_DIR;

/** A stand-in installation at build 3: package.json, an app folder and a data folder inside it (as ./data is by default). */
beforeEach(async () => {
  install = mkdtempSync(join(tmpdir(), "plexus-install-"));
  writeFileSync(join(install, "package.json"), JSON.stringify({ name: "plexus", plexusBuild: 3 }));
  mkdirSync(join(install, "app"));
  writeFileSync(join(install, "app", "old.txt"), "old build");
  process.env.PLEXUS_INSTALL_DIR = install;
  t = testApp();
  ({ cookie: root, user: { id: rootId } } = await t.userWithCookie("SYSTEM_ADMIN"));
  await givePassphrase(t.config.dataDir);
});
afterEach(async () => {
  await t.close();
  rmSync(install, { recursive: true, force: true });
  if (before === undefined) delete process.env.PLEXUS_INSTALL_DIR;
  else process.env.PLEXUS_INSTALL_DIR = before;
});

/** Every path under the installation with its content, to prove a refusal changed nothing. */
const snapshot = (dir = install): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), "utf8")]),
  );

describe("build numbers", () => {
  test("this build's number, the newest valid package's, and LOCAL", async () => {
    expect((await t.call("GET", "/update/get-build-number", { cookie: root })).body).toBe(3);
    expect((await t.call("GET", "/update/get-update-type", { cookie: root })).body).toBe("LOCAL");
    const none = await t.call("GET", "/update/get-last-build-number", { cookie: root });
    expect(none).toMatchObject({ status: 404, body: { error: "update_not_available" } });
    placePackage(t.config.dataDir, 4, tarGz([buildManifest(4)]));
    placePackage(t.config.dataDir, 5, tarGz([buildManifest(5)]), Buffer.from("another archive"));
    expect((await t.call("GET", "/update/get-last-build-number", { cookie: root })).body).toBe(4);
  });

  test("administrators below SYSTEM_ADMIN may not read or install", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    for (const [method, path] of [["GET", "get-build-number"], ["GET", "get-last-build-number"], ["POST", "update-all"], ["POST", "delete-unused-files"]]) {
      expect((await t.call(method, `/update/${path}`, { cookie })).status).toBe(403);
    }
  });
});

describe("installing an update", () => {
  test("a newer package replaces the build's entries, keeps the old ones aside, makes a backup of the backup list, is logged and asks for a restart", async () => {
    let restarts = 0;
    onRestartRequested(() => restarts++);
    placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "app/", type: "5" }, { name: "app/new.txt", content: "new build" }]));
    const res = await t.call("POST", "/update/update-all", { cookie: root });
    expect(res).toMatchObject({ status: 200, body: { from: 3, to: 4 } });
    expect((await t.call("GET", "/update/get-build-number", { cookie: root })).body).toBe(4);
    expect(readFileSync(join(install, "app", "new.txt"), "utf8")).toBe("new build");
    expect(existsSync(join(install, "app", "old.txt"))).toBe(false);
    expect(readFileSync(join(install, ".update-previous", "app", "old.txt"), "utf8")).toBe("old build");
    expect(existsSync(join(install, ".update-staging"))).toBe(false);
    const logged = t.db.select().from(activityLog).where(eq(activityLog.userId, rootId)).all().filter((row) => row.activityType === "UPDATE");
    expect(logged.map((row) => row.description)).toEqual(["Plexus build 3 to 4"]);
    // A normal backup, taken before the swap: on the Backups page's list, and restorable from there.
    const backups = await t.call("GET", "/backup/get-all", { cookie: root });
    expect(backups.body).toEqual([{ date: expect.any(String), size: expect.any(Number), encrypted: true }]);
    expect(readdirSync(join(t.config.dataDir, "updates")).filter((name) => name.endsWith(".sqlite"))).toEqual([]);
    expect(await t.call("POST", "/backup/restore-by-date", { cookie: root, body: { date: backups.body[0].date, passphrase: PASSPHRASE } })).toMatchObject({ status: 200 });
    await Bun.sleep(400);
    expect(restarts).toBe(1);
  });

  const refusals: [string, () => void, number, string][] = [
    ["a wrong checksum", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4)]), Buffer.from("x")), 422, "update_checksum_mismatch"],
    ["an older build", () => placePackage(t.config.dataDir, 2, tarGz([buildManifest(2)])), 409, "update_not_newer"],
    ["the same build", () => placePackage(t.config.dataDir, 3, tarGz([buildManifest(3)])), 409, "update_not_newer"],
    ["a truncated tarball", () => {
      const whole = tarGz([buildManifest(4), { name: "app/new.txt", content: "x".repeat(100_000) }]);
      placePackage(t.config.dataDir, 4, whole.subarray(0, whole.length - 200));
    }, 422, "update_package_invalid"],
    ["garbage instead of a tarball", () => placePackage(t.config.dataDir, 4, Buffer.from("not gzip at all")), 422, "update_package_invalid"],
    ["a path traversal entry", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "../evil.txt", content: "x" }])), 422, "update_package_invalid"],
    ["a nested traversal entry", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "app/../../evil.txt", content: "x" }])), 422, "update_package_invalid"],
    ["an absolute entry", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "/tmp/evil.txt", content: "x" }])), 422, "update_package_invalid"],
    ["a symbolic link", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "app/link", type: "2" }])), 422, "update_package_invalid"],
    ["a package.json of another build", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(9)])), 422, "update_package_invalid"],
    ["no package.json", () => placePackage(t.config.dataDir, 4, tarGz([{ name: "app/new.txt", content: "x" }])), 422, "update_package_invalid"],
    ["an entry replacing git's folder", () => placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: ".git/config", content: "x" }])), 422, "update_package_invalid"],
    ["a sound package while backups are switched off (no backup, no update)", () => {
      t.db.$client.exec("UPDATE settings SET body = 'NONE' WHERE label = 'BACKUP_TYPE'");
      placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "app/new.txt", content: "new build" }]));
    }, 409, "backup_disabled"],
    ["a sound package before a backup passphrase is set (no backup, no update)", () => {
      rmSync(join(t.config.dataDir, "backup.key"));
      placePackage(t.config.dataDir, 4, tarGz([buildManifest(4), { name: "app/new.txt", content: "new build" }]));
    }, 409, "backup_passphrase_missing"],
  ];
  for (const [what, arrange, status, error] of refusals) {
    test(`${what} is refused and nothing changes`, async () => {
      let restarts = 0;
      onRestartRequested(() => restarts++);
      arrange();
      const files = snapshot();
      const res = await t.call("POST", "/update/update-all", { cookie: root });
      expect(res).toMatchObject({ status, body: { error } });
      expect(snapshot()).toEqual(files);
      expect(existsSync(join(install, ".update-staging"))).toBe(false);
      expect(existsSync(join(install, "..", "evil.txt"))).toBe(false);
      expect(existsSync("/tmp/evil.txt")).toBe(false);
      expect((await t.call("GET", "/update/get-build-number", { cookie: root })).body).toBe(3);
      await Bun.sleep(400);
      expect(restarts).toBe(0);
    });
  }

  test("an entry replacing the data folder inside the installation is refused", async () => {
    const inside = testApp({ DATA_DIR: join(install, "data") });
    try {
      const cookie = (await inside.userWithCookie("SYSTEM_ADMIN")).cookie;
      placePackage(inside.config.dataDir, 4, tarGz([buildManifest(4), { name: "data/plexus.sqlite", content: "x" }]));
      const res = await inside.call("POST", "/update/update-all", { cookie });
      expect(res).toMatchObject({ status: 422, body: { error: "update_package_invalid" } });
      expect(buildNumber()).toBe(3);
    } finally {
      await inside.close();
    }
  });
});

const buildNumber = () => (JSON.parse(readFileSync(join(install, "package.json"), "utf8")) as { plexusBuild: number }).plexusBuild;

describe("deleting unused files", () => {
  test("removes only files no row points at that are older than an hour", async () => {
    const owner = (await t.userWithCookie("USER")).user;
    const place = (relative: string, ageMs: number) => {
      const path = join(t.config.dataDir, relative);
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, "12345");
      const when = (Date.now() - ageMs) / 1000;
      utimesSync(path, when, when);
      return path;
    };
    const hours = 3 * 60 * 60 * 1000;
    const orphan = place("files/2026/01/orphan", hours);
    const fresh = place("files/2026/01/fresh", 60_000);
    const drive = place("files/2026/01/drive", hours);
    const staged = place("files/2026/01/staged", hours);
    t.db.insert(driveFiles).values({ ownerId: owner.id, name: "a.txt", type: "txt", size: 5, mime: "text/plain", storedPath: "files/2026/01/drive", token: "tok-1" }).run();
    t.db.insert(stagedFiles).values({ path: "p1", ownerId: owner.id, fileName: "b.pdf", storedPath: "files/2026/01/staged", mime: "application/pdf", size: 5, type: "PDF" }).run();
    const outside = join(t.config.dataDir, "secret.key");
    const res = await t.call("POST", "/update/delete-unused-files", { cookie: root });
    expect(res).toMatchObject({ status: 200, body: { removed: 1, bytes: 5 } });
    expect([orphan, fresh, drive, staged].map((path) => existsSync(path))).toEqual([false, true, true, true]);
    expect(existsSync(outside)).toBe(true);
  });
});

describe("removing mail templates", () => {
  test("forgets every saved template, so the built-in texts are sent again", async () => {
    t.db.insert(mailTemplates).values([
      { type: "NEW_USER", subject: "Custom", value: "<p>Custom</p>", disabled: false },
      { type: "RESET_PASSWORD", subject: "Mine", value: "<p>Mine</p>", disabled: true },
    ]).run();
    const res = await t.call("POST", "/update/remove-mail-templates", { cookie: root });
    expect(res).toMatchObject({ status: 200, body: { removed: 2 } });
    expect(t.db.select().from(mailTemplates).all()).toEqual([]);
    const { cookie } = await t.userWithCookie("ADMIN");
    expect((await t.call("POST", "/update/remove-mail-templates", { cookie })).status).toBe(403);
  });
});
