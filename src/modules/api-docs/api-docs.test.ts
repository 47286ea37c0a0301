import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness";
import { API_DOCS_ASSETS, API_DOCS_CSP, serveApiDocsAsset } from "./routes";

let t: TestApp;
beforeAll(() => (t = testApp()));
afterAll(() => t.close());

const get = (path: string) => new Request(`http://plexus.test${path}`);

describe("API reference", () => {
  test("GET /api/docs loads only our own files, under a policy that allows only 'self' for scripts", async () => {
    const res = await t.app.handle(get("/api/docs"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).toContain("script-src 'self';");
    expect(API_DOCS_CSP).not.toMatch(/script-src[^;]*unsafe/);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) expect(source).toMatch(/^\/[^/]/);
    // No inline script: every <script> has a src and no body.
    expect([...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].every(([, attrs, body]) => attrs.includes("src=") && !body.trim())).toBe(true);
  });

  test("the OpenAPI document still describes every route of the app", async () => {
    const res = await t.app.handle(get("/api/docs/json"));
    expect(res.status).toBe(200);
    const spec = await res.json();
    expect(spec.info.title).toBe("Plexus API");
    const paths = Object.keys(spec.paths);
    expect(paths).toContain("/api/login");
    expect(paths).toContain("/api/users/get-user");
    expect(paths.length).toBeGreaterThan(50);
  });

  test("every call documents the shape of its answer, as the presenters make it", async () => {
    const spec = await (await t.app.handle(get("/api/docs/json"))).json();
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const answer = operation.responses?.["200"] ?? operation.responses?.["201"];
        if (!Object.values(answer?.content ?? {}).some((content) => content.schema)) undocumented.push(`${method} ${path}`);
      }
    }
    // The drive's download answers the file's own bytes, of whatever type it is; a Word version's and a wiki article's pictures and a map's tiles, an image's.
    expect(undocumented.sort()).toEqual(["get /api/article/picture/{id}", "get /api/docs/get-picture/{id}", "get /api/files/get-user-file/{token}", "get /api/tiles/{layerId}/{z}/{x}/{y}"]);
    const user = spec.paths["/api/users/get-user"].get.responses["200"].content["application/json"].schema;
    expect(user.properties.id).toEqual({ type: "integer" });
    expect(user.properties.registrationDate).toMatchObject({ type: "string", format: "date-time" });
    expect(user.properties.role.properties.groupName.enum).toEqual(["USER", "MODERATOR", "ADMIN", "SYSTEM_ADMIN"]);
    expect(Object.keys(user.properties)).not.toContain("passwordHash");
    expect(Object.keys(user.properties)).not.toContain("gisPassword");
    const page = spec.paths["/api/data/find-pageable-search-result"].post.responses["200"].content["application/json"].schema;
    expect(Object.keys(page.properties)).toEqual(["content", "totalElements"]);
  });

  test("the page's scripts and styles come from node_modules and our own starter; nothing else is served", async () => {
    for (const [name, type] of [["swagger-ui-bundle.js", "javascript"], ["swagger-ui.css", "text/css"], ["init.js", "javascript"]]) {
      const res = (await serveApiDocsAsset(get(`${API_DOCS_ASSETS}${name}`), `${API_DOCS_ASSETS}${name}`))!;
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect((await res.text()).length).toBeGreaterThan(100);
    }
    for (const name of ["package.json", "index.html", "../routes.ts", "%2e%2e/routes.ts", "routes.ts", "", "toString", "__proto__"]) {
      expect(serveApiDocsAsset(get(`${API_DOCS_ASSETS}${name}`), `${API_DOCS_ASSETS}${name}`)).toBeUndefined();
    }
    expect(await Bun.file(`${import.meta.dir}/init.js`).text()).toContain('"/api/docs/json"');
  });
});
