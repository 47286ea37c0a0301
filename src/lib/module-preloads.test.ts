import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { modulePreloads } from "./module-preloads";

const client = mkdtempSync(join(tmpdir(), "plexus-preloads-"));
afterAll(() => rmSync(client, { recursive: true, force: true }));
mkdirSync(join(client, "_astro"));
const files: Record<string, string> = {
  "page.js": 'import{a}from"./shared.js";a();',
  "shared.js": 'import"./runtime.js";export const a=()=>1;',
  "runtime.js": "export{};",
  "Island.js": 'import{a}from"./shared.js";import"./jsx.js";export default a;',
  "jsx.js": 'import"./runtime.js";',
  "renderer.js": 'import"./runtime.js";',
};
for (const [name, code] of Object.entries(files)) writeFileSync(join(client, "_astro", name), code);

const rewrite = async (html: string) => modulePreloads(client)(new Response(html, { headers: { "content-type": "text/html" } })).text();
const preloaded = (html: string) => [...html.matchAll(/modulepreload" href="\/_astro\/([^"]+)"/g)].map((m) => m[1]);

test("a page script's imports are preloaded before it, all at once", async () => {
  const html = await rewrite('<script type="module" src="/_astro/page.js"></script>');
  expect(preloaded(html)).toEqual(["shared.js", "runtime.js"]);
  expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf("<script"));
});

test("an island's component and renderer are preloaded with what they import, each file once per page", async () => {
  const html = await rewrite(
    '<script type="module" src="/_astro/page.js"></script><astro-island component-url="/_astro/Island.js" renderer-url="/_astro/renderer.js"></astro-island><astro-island component-url="/_astro/Island.js" renderer-url="/_astro/renderer.js"></astro-island>',
  );
  expect(preloaded(html)).toEqual(["shared.js", "runtime.js", "Island.js", "renderer.js", "jsx.js"]);
});
