import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGzip } from "node:zlib";
import { tarHeader, tarPadding } from "../../lib/tar";
import { testApp, type TestApp } from "../../testing/harness";
import { backupsDir, fileNamesOfDate } from "./names";
import { latestMigration } from "./schema-version";

// A deflate bomb in the unencrypted format older backups have (the manifest last): a few hundred KB that unpack to
// hundreds of MB. The restore must refuse it having written at most a few MB, measured as this process's write()
// bytes (/proc/self/io wchar), which the SQLite writes of the test itself are part of.

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = testApp();
  admin = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
});
afterEach(() => t.close());

const MB = 1024 * 1024;
const BOMB = 300 * MB;

/** A .tar.gz of a "database" of `size` zero (or random) bytes and a manifest declaring it with `declared` bytes. */
async function bomb(size: number, declared: number, random = false): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on("end", resolve));
  gzip.write(tarHeader("plexus.sqlite", size));
  const body = random ? randomBytes(MB) : Buffer.alloc(MB);
  const hash = createHash("sha256");
  for (let left = size; left > 0; left -= MB) {
    hash.update(body.subarray(0, Math.min(MB, left)));
    if (!gzip.write(body.subarray(0, Math.min(MB, left)))) await new Promise((resolve) => gzip.once("drain", resolve));
  }
  const manifest = Buffer.from(JSON.stringify({ format: "plexus-backup", version: 1, createdAt: new Date().toISOString(), schema: latestMigration(), entries: [{ name: "plexus.sqlite", size: declared, sha256: hash.digest("hex") }] }));
  gzip.end(Buffer.concat([tarPadding(size), tarHeader("manifest.json", manifest.length), manifest, tarPadding(manifest.length), Buffer.alloc(1024)]));
  await done;
  return Buffer.concat(out);
}

const written = () => Number(/wchar: (\d+)/.exec(readFileSync("/proc/self/io", "utf8"))![1]);

async function expectRefusedCheaply(date: string, archive: Buffer) {
  mkdirSync(backupsDir(t.config.dataDir), { recursive: true });
  writeFileSync(join(backupsDir(t.config.dataDir), fileNamesOfDate(date)[1]), archive);
  const before = written();
  const answer = await t.call("POST", "/backup/restore-by-date", { cookie: admin, body: { date } });
  const bytes = written() - before;
  expect([answer.status, answer.body.error]).toEqual([422, "backup_invalid"]);
  expect(bytes).toBeLessThan(4 * MB);
  expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
  return answer.body.details[0].message as string;
}

describe("a restore bomb is refused before it fills the disk", () => {
  test("an honest manifest declaring 300 MB in a small archive: over the compression-ratio limit", async () => {
    const archive = await bomb(BOMB, BOMB);
    expect(archive.length).toBeLessThan(BOMB / 500);
    expect(await expectRefusedCheaply("01.03.2020 00:00:00", archive)).toContain("unpacks to more than");
  }, 60_000);

  test("a manifest that declares a small file the archive then makes large (within the ratio): refused before writing", async () => {
    const archive = await bomb(16 * MB, 10, true);
    expect(await expectRefusedCheaply("02.03.2020 00:00:00", archive)).toContain("does not match the manifest");
  }, 60_000);
});
