import { afterAll, beforeAll, expect, test } from "bun:test";
import { openDb } from "../db/client";
import { makeUser, tempDataDir, testConfig } from "./testing/harness";
import { ownPageHeaders } from "./testing/own-page";
import { EMBEDDABLE_MARK, PAGE_CSP_FALLBACK } from "./lib/csp";
import { startServer, type RenderPage } from "./web";

// The built Astro entry is not needed here: a stand-in renders, as Astro does, either with its own
// policy (hashes of what it inlined) or, like a plain answer, without one.
const ASTRO_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='";
const standIn: RenderPage = async (request) => {
  const path = new URL(request.url).pathname;
  const headers: Record<string, string> = { "content-type": "text/html" };
  if (path !== "/plain") headers["content-security-policy"] = ASTRO_POLICY;
  if (path === "/public-data/1") headers[EMBEDDABLE_MARK] = "1";
  return new Response(`<!doctype html><p>${path}</p>`, { status: path === "/nothing-here" ? 404 : 200, headers });
};

let server: Awaited<ReturnType<typeof startServer>>;
let data: ReturnType<typeof tempDataDir>;
let cookie: string;
beforeAll(async () => {
  data = tempDataDir();
  const config = testConfig(data.dir);
  server = await startServer({ db: openDb(config.dbPath), config, renderPage: standIn });
  const user = await makeUser(server.ctx.db, "USER");
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ownPageHeaders(server.url) },
    body: JSON.stringify({ username: user.login, password: user.password }),
  });
  cookie = res.headers.get("set-cookie")!.split(";")[0];
});
afterAll(async () => {
  await server.stop();
  data.cleanup();
});

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });

test("every page response carries a Content-Security-Policy and the page headers", async () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ["/", { cookie }, 200, ASTRO_POLICY],
    ["/drive", { cookie, "accept-encoding": "gzip" }, 200, ASTRO_POLICY],
    ["/nothing-here", { cookie }, 404, ASTRO_POLICY],
    ["/plain", { cookie }, 200, PAGE_CSP_FALLBACK],
    ["/login", {}, 200, ASTRO_POLICY],
    ["/drive", {}, 302, PAGE_CSP_FALLBACK],
    ["/login", { cookie }, 302, PAGE_CSP_FALLBACK],
  ];
  for (const [path, headers, status, policy] of cases) {
    const res = await page(path, headers);
    expect([path, res.status]).toEqual([path, status]);
    expect([path, res.headers.get("content-security-policy")]).toEqual([path, policy]);
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  }
});

test("only a page marked embeddable (a public map frame) may be framed by other sites; the mark stays inside", async () => {
  const framed = await page("/public-data/1");
  expect(framed.headers.get("x-frame-options")).toBeNull();
  expect(framed.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors *");
  expect(framed.headers.get(EMBEDDABLE_MARK)).toBeNull();
  expect(framed.headers.get("x-content-type-options")).toBe("nosniff");
  const other = await page("/", { cookie });
  expect(other.headers.get("x-frame-options")).toBe("SAMEORIGIN");
});

test("the fallback policy runs no inline script and names every directive the pages need", () => {
  const directives = PAGE_CSP_FALLBACK.split(";").map((d) => d.trim());
  expect(directives).toContain("script-src 'self'");
  for (const d of directives.filter((d) => /^(default|script)-src/.test(d))) expect(d).not.toContain("unsafe");
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "form-action 'self'", "img-src 'self' data: blob:", "worker-src 'self' blob:", "connect-src 'self'"]) {
    expect(PAGE_CSP_FALLBACK).toContain(directive);
  }
});

test("the API reference's files are served from our own origin; other names under its folder are pages", async () => {
  const bundle = await page("/api-docs/swagger-ui-bundle.js");
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get("content-type")).toContain("javascript");
  expect(bundle.headers.get("x-content-type-options")).toBe("nosniff");
  const other = await page("/api-docs/package.json", { cookie });
  expect(await other.text()).toContain("<p>/api-docs/package.json</p>");
});
