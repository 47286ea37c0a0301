import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, launchBrowser, startPlexus, type Plexus } from "./setup";

// The sign-in page's `next` never leads to another site, and every main page runs under its
// Content-Security-Policy without a single violation, in Debian's chromium against the built server.

const TIMEOUT = 60_000;

let plexus: Plexus;
let browser: Browser;
let origin: string;
let projectId: number;
let pdfId: number;
let userCookie: string;

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  origin = new URL(plexus.url).origin;
  const adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  projectId = (await apiCall(plexus.url, adminCookie, "POST", "/project/create", { name: "Harbour works" })).id;
  await apiCall(plexus.url, adminCookie, "POST", "/project/add-user-project", { user: { id: plexus.user.id }, project: { id: projectId }, moderator: true });
  userCookie = await apiSignIn(plexus.url, plexus.user.login, plexus.user.password);
  const form = new FormData();
  form.append("file", new File([makePdf([["Quay survey", "Piles inspected."]]) as BlobPart], "quay.pdf"));
  const staged = await fetch(`${plexus.url}/api/files/save`, { method: "POST", headers: { cookie: userCookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(staged.status).toBe(200);
  const [file] = (await staged.json()) as { path: string }[];
  [{ id: pdfId }] = await apiCall<{ id: number }[]>(plexus.url, userCookie, "POST", `/docs/save-all/${projectId}`, [{ path: file.path, name: "Quay survey", provider: "Port office" }]);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

/** What a page did that it should not: CSP violations, console errors, uncaught errors, requests to other origins. */
interface Watch {
  page: Page;
  context: BrowserContext;
  violations: () => Promise<string[]>;
  consoleErrors: string[];
  foreignRequests: string[];
  dialogs: string[];
  /** Live-channel sockets that received a frame. */
  sockets: string[];
  /** One promise per socket the page opened, settled by its first frame (or its close). */
  socketsAnswered: Promise<void>[];
}

async function watchedPage(cookie?: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Watch> {
  const context = await browser.newContext(options);
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: plexus.url }]);
  }
  await context.addInitScript(() => {
    localStorage.setItem("plexus.disclaimerSeen", "1");
    const seen: string[] = ((window as any).__cspViolations = []);
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const watch: Watch = {
    page,
    context,
    violations: () => page.evaluate(() => (window as any).__cspViolations as string[]),
    consoleErrors: [],
    foreignRequests: [],
    dialogs: [],
    sockets: [],
    socketsAnswered: [],
  };
  page.on("console", (message) => {
    if (message.type() === "error") watch.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => watch.consoleErrors.push(`${page.url()}: ${error.message}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) watch.foreignRequests.push(request.url());
  });
  page.on("dialog", async (dialog) => {
    watch.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // A socket counts once the server has answered on it (STOMP's CONNECTED): CSP let it open.
  page.on("websocket", (socket) => {
    const answered = Promise.withResolvers<void>();
    watch.socketsAnswered.push(answered.promise);
    socket.once("framereceived", () => {
      watch.sockets.push(socket.url());
      answered.resolve();
    });
    socket.once("close", () => answered.resolve());
  });
  return watch;
}

async function signInThroughForm(page: Page, query: string) {
  await page.goto(`${plexus.url}/login${query}`);
  await page.getByLabel("Login", { exact: true }).fill(plexus.user.login);
  await page.getByLabel("Password", { exact: true }).fill(plexus.user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

// As an attacker writes them into a link: the raw query string after `?next=`.
const HOSTILE_NEXT = [
  encodeURIComponent("//evil.test"),
  encodeURIComponent("/\\evil.test"),
  "/%5Cevil.test/phish",
  encodeURIComponent("https://evil.test"),
  encodeURIComponent("javascript:alert(1)"),
  encodeURIComponent("/\t/evil.test"),
  "/%09/evil.test",
  encodeURIComponent("\\\\evil.test"),
  encodeURIComponent("/x/..//evil.test"),
];

describe("the sign-in page's next", () => {
  test(
    "a hostile next keeps the browser on our origin, at home, with and without JavaScript",
    async () => {
      for (const javaScriptEnabled of [true, false]) {
        for (const next of HOSTILE_NEXT) {
          const watch = await watchedPage(undefined, { javaScriptEnabled });
          await signInThroughForm(watch.page, `?next=${next}`);
          await watch.page.waitForURL((url) => url.pathname === "/");
          await watch.page.waitForLoadState("load");
          const landed = new URL(watch.page.url());
          expect([next, javaScriptEnabled, landed.origin, landed.pathname]).toEqual([next, javaScriptEnabled, origin, "/"]);
          expect([next, watch.foreignRequests, watch.dialogs]).toEqual([next, [], []]);
          await watch.context.close();
        }
      }
    },
    TIMEOUT * 3,
  );

  test(
    "a next of our own is followed, path, query and all, with and without JavaScript",
    async () => {
      for (const javaScriptEnabled of [true, false]) {
        const watch = await watchedPage(undefined, { javaScriptEnabled });
        await signInThroughForm(watch.page, `?next=${encodeURIComponent(`/project/${projectId}/home?from=link`)}`);
        await watch.page.waitForURL((url) => url.pathname === `/project/${projectId}/home`);
        expect(new URL(watch.page.url()).search).toBe("?from=link");
        await watch.context.close();
      }
      // A signed-out visit to a page remembers it; signing in returns there.
      const watch = await watchedPage();
      await watch.page.goto(`${plexus.url}/drive`);
      await watch.page.waitForURL((url) => url.pathname === "/login");
      expect(new URL(watch.page.url()).searchParams.get("next")).toBe("/drive");
      await watch.page.getByLabel("Login", { exact: true }).fill(plexus.user.login);
      await watch.page.getByLabel("Password", { exact: true }).fill(plexus.user.password);
      await watch.page.getByRole("button", { name: "Sign in" }).click();
      await watch.page.waitForURL((url) => url.pathname === "/drive");
      await watch.context.close();
    },
    TIMEOUT,
  );
});

describe("Content-Security-Policy", () => {
  /** The main pages, each with something that shows its scripts ran. */
  const PAGES: { path: () => string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [
    { path: () => "/login", signedIn: false, ready: (page) => page.getByRole("button", { name: "Sign in" }).waitFor() },
    { path: () => "/", signedIn: true, ready: (page) => page.getByText("Harbour works").first().waitFor() },
    { path: () => `/project/${projectId}/home`, signedIn: true, ready: (page) => page.getByRole("heading", { level: 1 }).first().waitFor() },
    { path: () => `/project/${projectId}/doc/${pdfId}`, signedIn: true, ready: (page) => page.locator("canvas").first().waitFor() },
    { path: () => "/drive", signedIn: true, ready: (page) => page.getByRole("heading", { level: 1 }).first().waitFor() },
    { path: () => "/chats", signedIn: true, ready: (page) => page.getByRole("heading", { level: 1 }).first().waitFor() },
    { path: () => "/help", signedIn: true, ready: (page) => page.getByRole("heading", { level: 1 }).first().waitFor() },
    { path: () => "/api/docs", signedIn: false, ready: (page) => page.locator(".swagger-ui .info .title").getByText("Plexus API").waitFor() },
  ];

  test(
    "the main pages and the API reference load with no violation, no console error and nothing from another origin",
    async () => {
      const sockets: string[] = [];
      for (const { path, signedIn, ready } of PAGES) {
        const watch = await watchedPage(signedIn ? userCookie : undefined);
        const response = await watch.page.goto(`${plexus.url}${path()}`);
        expect([path(), response!.status()]).toEqual([path(), 200]);
        const policy = response!.headers()["content-security-policy"] ?? "";
        const directives = policy.split(";").map((d) => d.trim());
        const wanted = ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "form-action 'self'"];
        expect([path(), wanted.filter((d) => !directives.includes(d))]).toEqual([path(), []]);
        expect([path(), directives.filter((d) => /^(default|script)-src/.test(d) && d.includes("unsafe"))]).toEqual([path(), []]);
        await ready(watch.page);
        // Late work runs too: lazy chunks and the pdf.js worker (network idle), the live channel (its first answer).
        await watch.page.waitForLoadState("networkidle");
        await Promise.all(watch.socketsAnswered);
        expect([path(), await watch.violations()]).toEqual([path(), []]);
        expect([path(), watch.consoleErrors]).toEqual([path(), []]);
        expect([path(), watch.foreignRequests]).toEqual([path(), []]);
        sockets.push(...watch.sockets);
        await watch.context.close();
      }
      // connect-src 'self' lets the live channel through (CSP 3: 'self' matches ws: on the same host and port).
      expect(sockets.some((url) => new URL(url).pathname === "/ws-endpoint")).toBe(true);
    },
    TIMEOUT * 2,
  );

  test(
    "an injected inline script is refused and reported",
    async () => {
      const watch = await watchedPage(userCookie);
      await watch.page.goto(`${plexus.url}/help`);
      const ran = await watch.page.evaluate(async () => {
        (window as any).__injected = false;
        const reported = new Promise((resolve) => document.addEventListener("securitypolicyviolation", resolve, { once: true }));
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        // An allowed inline script runs during append; a refused one is reported by the violation event.
        if ((window as any).__injected) return true;
        await reported;
        return (window as any).__injected;
      });
      expect(ran).toBe(false);
      expect((await watch.violations()).some((v) => v.startsWith("script-src"))).toBe(true);
      await watch.context.close();
    },
    TIMEOUT,
  );
});

describe("Set-Cookie against the running server", () => {
  test("sign-in and sign-out each send the session cookie exactly once", async () => {
    const person = await plexus.newUser();
    const login = await fetch(`${plexus.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...ownPageHeaders(plexus.url) },
      body: JSON.stringify({ username: person.login, password: person.password }),
    });
    expect(login.status).toBe(200);
    const sessions = login.headers.getSetCookie().filter((c) => c.startsWith("plexus_session="));
    expect(sessions).toHaveLength(1);
    const logout = await fetch(`${plexus.url}/api/logout`, {
      method: "POST",
      headers: { cookie: sessions[0].split(";")[0], ...ownPageHeaders(plexus.url) },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()).toHaveLength(1);
  });
});
