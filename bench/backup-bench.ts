// Backup time and size for a data folder of 1 GB (the figure; BACKUP_BENCH_MB=64 for a quick run): stored
// files in 1 MB files, half random bytes (photos, PDFs: incompressible) and half text, plus a database of 20,000
// users. Beside it, in the same run, GNU `tar -czf` of the same folder (the baseline: what an administrator's
// script would cost) and `tar -xzf` of that archive for the restore; the event loop's worst lateness while the
// backup runs (the server keeps answering). Needs about 4x the size free in the temporary folder; everything is
// removed at the end. `bun bench/backup-bench.ts` runs it alone.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeUser, testApp } from "../src/testing/harness";
import { restoreArchive } from "../src/modules/backup/restore";
import { writeBackup } from "../src/modules/backup/snapshot";
import { backupsDir } from "../src/modules/backup/names";
import { storePassphrase } from "../src/modules/backup/passphrase";

type Figure = [string, number, string, { baseline?: string; ratio?: number; target?: string; pass?: boolean }];

const MB = 1024 * 1024;

/** The worst lateness of a 10 ms timer while `work` runs. */
async function withLag<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; lagMs: number }> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  clearInterval(timer);
  return { result, ms, lagMs: worst };
}

export async function backupBench(): Promise<Figure[]> {
  const megabytes = Number(process.env.BACKUP_BENCH_MB ?? 1024);
  const t = testApp();
  const scratch = mkdtempSync(join(tmpdir(), "plexus-backup-bench-"));
  try {
    const text = Buffer.from("Акт приёмки работ: свая 12, отметка 4.50 м; survey of the north pier. ".repeat(Math.ceil(MB / 80))).subarray(0, MB);
    for (let i = 0; i < megabytes; i++) {
      const folder = join(t.config.dataDir, "files", "2026", String(1 + (i % 12)).padStart(2, "0"));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `file-${i}`), i % 2 ? text : randomBytes(MB));
    }
    const hash = await Bun.password.hash("bench", { algorithm: "argon2id", memoryCost: 4096, timeCost: 1 });
    t.db.$client.transaction(() => {
      for (let i = 0; i < 20_000; i++) {
        t.db.$client.prepare("INSERT INTO users (first_name, last_name, login, login_key, email, role, is_active, password_hash) VALUES (?, ?, ?, ?, ?, 'USER', 1, ?)").run(`Имя${i}`, `Фамилия${i}`, `bench${i}`, `bench${i}`, `bench${i}@example.test`, hash);
      }
    })();
    await makeUser(t.db, "SYSTEM_ADMIN");
    const dbBytes = statSync(t.config.dbPath).size;

    const passphrase = "bench passphrase, kept offline";
    const key = await storePassphrase(t.config.dataDir, passphrase);
    const backup = await withLag(() => writeBackup(t.db, t.config.dataDir, key));
    const archiveBytes = statSync(join(backupsDir(t.config.dataDir), backup.result)).size;

    const baselineStart = performance.now();
    const tar = Bun.spawnSync(["tar", "-czf", join(scratch, "baseline.tar.gz"), "-C", t.config.dataDir, "files", "plexus.sqlite"]);
    const baselineMs = performance.now() - baselineStart;
    if (tar.exitCode !== 0) throw new Error(`tar failed: ${tar.stderr}`);
    const baselineBytes = statSync(join(scratch, "baseline.tar.gz")).size;

    mkdirSync(join(scratch, "unpacked"));
    const untarStart = performance.now();
    const untar = Bun.spawnSync(["tar", "-xzf", join(scratch, "baseline.tar.gz"), "-C", join(scratch, "unpacked")]);
    const untarMs = performance.now() - untarStart;
    if (untar.exitCode !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    rmSync(scratch, { recursive: true, force: true });

    // The restore derives the key again from the passphrase (argon2id, about a second) and reads the archive twice.
    const restore = await withLag(() => restoreArchive(t.db, t.config.dataDir, join(backupsDir(t.config.dataDir), backup.result), { passphrase }));
    const size = `${megabytes} MB of files + ${(dbBytes / MB).toFixed(1)} MB database`;
    return [
      [`backup of ${size} (backup-now's work)`, backup.ms / 1000, "s", { baseline: `GNU tar -czf ${(baselineMs / 1000).toFixed(1)} s`, ratio: backup.ms / baselineMs, target: "within 1.5x of tar -czf", pass: backup.ms < baselineMs * 1.5 }],
      [`backup archive size of ${size}`, archiveBytes / MB, "MB", { baseline: `GNU tar -czf ${(baselineBytes / MB).toFixed(1)} MB`, ratio: archiveBytes / baselineBytes }],
      ["event loop's worst lateness while the backup runs", backup.lagMs, "ms", { target: "< 1000 ms (the server keeps answering)", pass: backup.lagMs < 1000 }],
      [`restore of that backup (checked, then swapped)`, restore.ms / 1000, "s", { baseline: `GNU tar -xzf ${(untarMs / 1000).toFixed(1)} s`, ratio: restore.ms / untarMs }],
      ["event loop's worst lateness while the restore runs", restore.lagMs, "ms", { target: "< 1000 ms", pass: restore.lagMs < 1000 }],
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await t.close();
  }
}

if (import.meta.main) for (const [name, value, unit, opts] of await backupBench()) console.log(name, value.toFixed(2), unit, JSON.stringify(opts));
