import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Subprocess, spawn } from "bun";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { apiCall, apiSignIn, launchBrowser, signedInPage } from "./setup";
import { placePackage } from "../src/modules/update/package-fixture";
import { tarGz } from "../src/testing/tar-fixture";
import { RESTART_EXIT_CODE } from "../src/modules/update/restart";

// /admin/update: a system administrator installs an update package and sees the new build once the restarted
// server answers; Plexus runs in a child process under a tiny supervisor that starts it again on exit code 75,
// as systemd's Restart=always would.

const TIMEOUT = 120_000;
const REPO = resolve(import.meta.dir, "..");
const PASSWORD = "Update-test-password-1";
const BUILD_DIR = process.env.PLEXUS_BUILD_DIR ?? "dist";

/** package.json of the repository with another build number: what an installation and a package carry. */
const packageJson = (build: number) => JSON.stringify({ ...JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")), plexusBuild: build }, null, 2);

/** An installation at build 5 in a temporary folder: its own package.json, every other part linked to this checkout. */
function stageInstallation(): string {
  const install = mkdtempSync(join(tmpdir(), "plexus-install-"));
  for (const part of ["src", "db", "locales", "islands", "pages", "public", "node_modules", "tsconfig.json", BUILD_DIR]) {
    symlinkSync(join(REPO, part), join(install, part));
  }
  writeFileSync(join(install, "package.json"), packageJson(5));
  return install;
}

let install: string;
let data: string;
let url: string;
let child: Subprocess | null = null;
let starts = 0;
let stopping = false;
let browser: Browser;

/** Starts Plexus and starts it again whenever it exits asking for a restart. */
function supervise(port: number) {
  starts += 1;
  child = spawn(["bun", "--max-http-header-size=131072", join(install, "src/server.ts")], {
    cwd: install,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: data,
      ADMIN_LOGIN: "admin",
      ADMIN_PASSWORD: PASSWORD,
      PLEXUS_BUILD_DIR: BUILD_DIR,
      PLEXUS_INSTALL_DIR: install,
      PLEXUS_QUIET: "1",
    },
    stdout: "ignore",
    stderr: "inherit",
    onExit: (_process, code) => {
      if (!stopping && code === RESTART_EXIT_CODE) supervise(port);
    },
  });
}

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await Bun.sleep(100);
  }
  throw new Error("Plexus did not start");
}

beforeAll(async () => {
  install = stageInstallation();
  data = mkdtempSync(join(tmpdir(), "plexus-update-data-"));
  const probe = Bun.listen({ hostname: "0.0.0.0", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  url = `http://localhost:${port}`;
  supervise(port);
  [browser] = await Promise.all([launchBrowser(), waitForHealth()]);
}, 60_000);

afterAll(async () => {
  stopping = true;
  child?.kill("SIGTERM");
  await child?.exited;
  await browser?.close();
  rmSync(install, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe("updating Plexus", () => {
  test(
    "a system administrator installs the waiting package from the Update tab, sees the new build after the restart and the update's backup on the Backups tab",
    async () => {
      placePackage(data, 6, tarGz([{ name: "package.json", content: packageJson(6) }]));
      const cookie = await apiSignIn(url, "admin", PASSWORD);
      // The update backs up first, and a backup needs the backup passphrase.
      await apiCall(url, cookie, "POST", "/backup/set-passphrase", { passphrase: "update day, build six" });
      const { page, context } = await signedInPage(browser, url, cookie);
      try {
        await page.goto(`${url}/admin/users`);
        await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Update and maintenance" }).click();
        expect(await page.locator("#update-current").textContent()).toBe("5");
        expect(await page.locator("#update-latest").textContent()).toBe("6");
        await page.getByRole("button", { name: "Install build 6" }).click();
        await page.locator("#update-dialog").getByRole("button", { name: "Install build 6" }).click();
        await page.locator("#update-status").getByText("Plexus now runs build 6").waitFor({ timeout: 60_000 });
        expect(await page.locator("#update-current").textContent()).toBe("6");
        expect(starts).toBe(2);
        expect(JSON.parse(readFileSync(join(install, "package.json"), "utf8")).plexusBuild).toBe(6);
        await page.reload();
        expect(await page.locator("#update-current").textContent()).toBe("6");
        expect(await page.getByRole("button", { name: /^Install build/ }).isDisabled()).toBe(true);
        // The backup the update took is a normal one: on the Backups tab, ready to restore.
        await page.goto(`${url}/admin/backup`);
        await page.locator("#backup-table tbody tr").first().waitFor();
        expect(await page.locator("#backup-table tbody tr").count()).toBe(1);
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );

  test(
    "rebuilding the search index from the update page says when it is done",
    async () => {
      const { page, context } = await signedInPage(browser, url, await apiSignIn(url, "admin", PASSWORD));
      try {
        await page.goto(`${url}/admin/update`);
        await page.getByRole("button", { name: "Rebuild the search index" }).click();
        await page.getByText("The search index is rebuilt").waitFor({ timeout: 60_000 });
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );

  test(
    "resetting the mail templates says how many were reset",
    async () => {
      const cookie = await apiSignIn(url, "admin", PASSWORD);
      const response = await fetch(`${url}/api/mail-template/save`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "x-requested-with": "test", origin: url },
        body: JSON.stringify({ type: "NEW_USER", subject: "Welcome", value: "<p>Welcome</p>", disabled: false }),
      });
      expect(response.status).toBe(200);
      const { page, context } = await signedInPage(browser, url, cookie);
      try {
        await page.goto(`${url}/admin/update`);
        await page.getByRole("button", { name: "Reset the mail templates" }).click();
        await page.getByText("Mail templates reset: 1").waitFor();
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );

  test(
    "adding default categories and file tokens says how many were added",
    async () => {
      // A project without its default category and a drive file without a token, as rows from elsewhere have them.
      const db = new Database(join(data, "plexus.sqlite"));
      try {
        db.run("INSERT INTO projects (name) VALUES ('From an old build')");
        const owner = db.query<{ id: number }, []>("SELECT id FROM users LIMIT 1").get()!.id;
        db.run("INSERT INTO drive_files (owner_id, name, type, size, mime, stored_path, token) VALUES (?, 'old.txt', 'txt', 1, 'text/plain', 'files/old', '')", [owner]);
      } finally {
        db.close();
      }
      const { page, context } = await signedInPage(browser, url, await apiSignIn(url, "admin", PASSWORD));
      try {
        await page.goto(`${url}/admin/update`);
        await page.getByRole("button", { name: "Add missing default categories" }).click();
        await page.getByText(/^Default categories added: 1 \(projects checked: \d+\)$/).waitFor();
        await page.getByRole("button", { name: "Add tokens to files" }).click();
        await page.getByText(/^Tokens added: 1 \(files checked: \d+\)$/).waitFor();
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );

  test(
    "removing unused files says how many went, and keeps the young ones",
    async () => {
      const folder = join(data, "files", "2020", "01");
      mkdirSync(folder, { recursive: true });
      const old = join(folder, "orphan-old");
      const young = join(folder, "orphan-young");
      writeFileSync(old, "12345");
      writeFileSync(young, "12345");
      const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
      utimesSync(old, twoHoursAgo, twoHoursAgo);
      const { page, context } = await signedInPage(browser, url, await apiSignIn(url, "admin", PASSWORD));
      try {
        await page.goto(`${url}/admin/update`);
        await page.getByRole("button", { name: "Remove unused files" }).click();
        await page.getByText("Unused files removed: 1").waitFor();
        expect([existsSync(old), existsSync(young)]).toEqual([false, true]);
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );
});
