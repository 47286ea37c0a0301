import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { afterAll, afterEach, beforeAll } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser";
import { openDb, type Db } from "../db/client";
import { startServer } from "../src/web";
import { smtpEnv, startSmtpSink } from "../src/testing/smtp";
import { makeUser, tempDataDir, testConfig } from "../src/testing/harness";
import { ownPageHeaders } from "../src/testing/own-page";

// Debian's chromium-headless-shell: the same engine as its chromium without the full browser around it, so a new
// context and a page load cost about half (the full browser builds a profile's services for every context).
const CHROMIUM = "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";

/** Installs Debian's chromium headless shell when it is missing and we may (root); otherwise says how. Never skips. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    spawnSync("sh", ["-c", `apt-get update && apt-get install -y ${PACKAGE}`], { stdio: "inherit" });
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install it with "sudo apt-get update && sudo apt-get install -y ${PACKAGE}"`);
  }
}

/** A port nobody listens on right now, so PUBLIC_URL can name it before the server starts. */
function freePort(): number {
  const probe = Bun.listen({ hostname: "0.0.0.0", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/**
 * The built server on its own data directory and port, mailing to an in-process SMTP sink, with a
 * SYSTEM_ADMIN (who receives NEW_USER mails) and a plain user. Needs `bun run build` first.
 * `mail: false` starts it with no mail server configured, as an install without SMTP runs.
 */
export async function startPlexus({ mail = true } = {}) {
  const data = tempDataDir();
  const sink = await startSmtpSink();
  const port = freePort();
  const url = `http://localhost:${port}`;
  const smtp: Record<string, string> = mail ? smtpEnv(sink) : {};
  const config = testConfig(data.dir, { ...smtp, PORT: String(port), PUBLIC_URL: url });
  const db: Db = openDb(config.dbPath);
  const server = await startServer({ db, config });
  const admin = await makeUser(db, "SYSTEM_ADMIN");
  const user = await makeUser(db, "USER");
  return {
    url,
    db,
    sink,
    admin,
    user,
    /** Another active USER, so that tests which change a password or a session do not disturb each other. */
    newUser: (overrides: Parameters<typeof makeUser>[2] = {}) => makeUser(db, "USER", overrides),
    async stop() {
      await server.stop();
      await sink.close();
      db.$client.close();
      data.cleanup();
    },
  };
}

export type Plexus = Awaited<ReturnType<typeof startPlexus>>;

/** Headless Debian chromium with the flags DESIGN.md lists; make pages from a fresh `browser.newContext()`. */
export function launchBrowser(): Promise<Browser> {
  ensureChromium();
  return launchChromium({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      // WebGL (the map's render mode) on GPU-less chromium runs only on SwiftShader, which it no longer enables unasked.
      "--enable-unsafe-swiftshader",
    ],
  });
}

/** Signs in through the API and returns the session cookie ("name=value"). */
export async function apiSignIn(url: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ownPageHeaders(url) },
    body: JSON.stringify({ username: login, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  return response.headers.get("set-cookie")!.split(";")[0];
}

/** Calls /api as the owner of `cookie`; a failure throws with the answer, for seeding tests. */
export async function apiCall<T = any>(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { cookie, ...ownPageHeaders(url), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

type PlexusUser = Awaited<ReturnType<Plexus["newUser"]>>;

/**
 * A project the SYSTEM_ADMIN makes through the API, with a moderator (a new USER with the project's flag, "Mona
 * Moderator") and a plain member (`reader`: a new USER unless given), each signed in: open their pages with
 * `pageAs(scene.moderatorCookie)`.
 */
export async function projectWithModerator(plexus: Plexus, name: string, { reader }: { reader?: PlexusUser } = {}) {
  const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  const projectId = (await apiCall<{ id: number }>(plexus.url, adminCookie, "POST", "/project/create", { name })).id;
  const moderator = await plexus.newUser({ firstName: "Mona", lastName: "Moderator" });
  const member = reader ?? (await plexus.newUser());
  for (const [person, flag] of [[moderator, true], [member, false]] as const) {
    await apiCall(plexus.url, adminCookie, "POST", "/project/add-user-project", { user: { id: person.id }, project: { id: projectId }, moderator: flag });
  }
  return {
    projectId,
    adminCookie,
    moderator,
    reader: member,
    moderatorCookie: await apiSignIn(plexus.url, moderator.login, moderator.password),
    readerCookie: await apiSignIn(plexus.url, member.login, member.password),
  };
}

/**
 * A fresh context, signed in with `cookie` when given, in Plexus' `language` (English unless told), the first-visit
 * disclaimer already seen; page errors are printed.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  cookie?: string,
  { language = "en", ...options }: Parameters<Browser["newContext"]>[0] & { language?: "en" | "ru" | "es" } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
  const cookies: { name: string; value: string; url: string }[] = [{ name: "plexus_locale", value: language, url }];
  if (cookie) {
    const [name, value] = cookie.split("=");
    cookies.push({ name, value, url });
  }
  await context.addCookies(cookies);
  // Sandboxed frames (the PDF viewer's, the mail template preview) have no storage: reading it throws there.
  await context.addInitScript(() => {
    try {
      localStorage.setItem("plexus.disclaimerSeen", "1");
    } catch {}
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A click or shortcut sent before its island has hydrated is lost, so every navigation waits for the page's eager
  // islands; `waitUntil: "commit"` opts out for tests that time the page's first paint, and pages without script have none.
  const goto = page.goto.bind(page);
  page.goto = async (target, gotoOptions) => {
    const response = await goto(target, gotoOptions);
    if (gotoOptions?.waitUntil !== "commit" && options.javaScriptEnabled !== false) await eagerIslandsHydrated(page);
    return response;
  };
  page.on("pageerror", (error) => console.error("page error:", error.message));
  return { page, context };
}

/**
 * A test file's server and browser: registers the beforeAll that starts both (together) and the afterAll that
 * closes them; `plexus` and `browser` are there once that beforeAll has run, so register a file's own beforeAll
 * after this call. `pageAs` opens a signedInPage whose context is closed after the test.
 */
export function browserSuite() {
  let started: { plexus: Plexus; browser: Browser } | undefined;
  const opened: BrowserContext[] = [];
  const running = () => {
    if (!started) throw new Error("browserSuite: plexus and browser are there only once its beforeAll has run");
    return started;
  };
  beforeAll(async () => {
    const [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
    started = { plexus, browser };
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.plexus.stop();
  });
  return {
    get plexus() {
      return running().plexus;
    },
    get browser() {
      return running().browser;
    },
    async pageAs(cookie?: string, options: Parameters<typeof signedInPage>[3] = {}) {
      const signedIn = await signedInPage(running().browser, running().plexus.url, cookie, options);
      opened.push(signedIn.context);
      return signedIn;
    },
  };
}

/**
 * Astro drops an island's `ssr` attribute once it has handed the island to React, which renders, wires the handlers
 * and runs the effects (a shortcut's listener, the live connection) in later tasks; an idle moment comes after them.
 */
const reactSettled = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 3000 })));

/** Resolves once every island on the page is hydrated and React has settled: keyboard shortcuts and live updates answer from then. */
export async function islandsHydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
  await reactSettled(page);
}

/** Like islandsHydrated, leaving out the client:visible islands that have not been scrolled to. */
async function eagerIslandsHydrated(page: Page) {
  try {
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]:not([client=visible])"));
    await reactSettled(page);
  } catch (error) {
    // A page that moves on by itself (a redirect once hydrated) has nothing left to wait for.
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
  }
}
