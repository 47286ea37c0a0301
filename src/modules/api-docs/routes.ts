import { dirname } from "node:path";
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import type { Config } from "../../lib/config";
import { serveStatic } from "../../lib/static-files";

/** Where the reference's scripts and styles are served (by src/web.ts, like every static asset). */
export const API_DOCS_ASSETS = "/api-docs/";

/** The reference page loads only files of our own origin; Swagger UI sets style attributes and draws icons as data: SVG. */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join("; ");

const swaggerDir = dirname(Bun.resolveSync("swagger-ui-dist/package.json", import.meta.dir));

/** The only files served under API_DOCS_ASSETS, each from its own folder. */
const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": swaggerDir,
  "swagger-ui.css": swaggerDir,
  "init.js": import.meta.dir,
};

/** A Swagger UI file or our starter script for GET /api-docs/<name>; undefined for anything else. */
export function serveApiDocsAsset(request: Request, pathname: string): Promise<Response | undefined> | undefined {
  const name = pathname.slice(API_DOCS_ASSETS.length);
  const root = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  return root ? serveStatic(root, request, `/${name}`) : undefined;
}

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${Bun.escapeHTML(title)}</title>
  <link rel="icon" href="/favicon.svg" />
  <link rel="stylesheet" href="${API_DOCS_ASSETS}swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${API_DOCS_ASSETS}swagger-ui-bundle.js"></script>
  <script src="${API_DOCS_ASSETS}init.js"></script>
</body>
</html>`;

/**
 * The OpenAPI document at /api/docs/json and its reference at /api/docs, drawn by Swagger UI from
 * our own node_modules: @elysiajs/openapi's own page loads Scalar from a public CDN (unpinned, and
 * dead on an offline install), so its page is off and this one stands in.
 */
export const apiDocsRoutes = (config: Pick<Config, "build">) => {
  const title = "Plexus API";
  const html = page(title);
  return new Elysia()
    .use(openapi({ path: "/docs", provider: null, documentation: { info: { title, version: config.build, description: "Every call the Plexus pages make, for scripts and integrations." } } }))
    .get(
      "/docs",
      () =>
        new Response(html, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy": API_DOCS_CSP,
            "x-content-type-options": "nosniff",
            "x-frame-options": "SAMEORIGIN",
            "referrer-policy": "same-origin",
          },
        }),
      { detail: { hide: true } },
    );
};
