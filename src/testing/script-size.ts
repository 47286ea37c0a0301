/**
 * The JavaScript a page ships, measured the one way the e2e budgets and the benchmark share: its
 * <script src> and modulepreload files, its islands' components and renderer, its inline scripts,
 * and every module they import statically (a dynamic import() loads on demand and is not counted),
 * each gzipped. The shared React runtime is counted apart: fetched once per browser (the sign-in
 * pages fetch it at idle) and kept by the immutable cache, it is no page's own weight.
 */

/** The chunks of the shared runtime: React with React DOM (one chunk, astro.config.mjs), Astro's React renderer and the module runtime. */
export const SHARED_RUNTIME = /\/_astro\/(client|react|rolldown-runtime)\.[\w-]+\.js$/;

export interface ScriptSizes {
  /** Gzipped bytes of every module and inline script but the shared runtime's. */
  gzipped: number;
  /** Gzipped bytes of the shared runtime's chunks the page loads. */
  runtime: number;
  /** Each module loaded, by full URL: its gzipped size and its text. */
  modules: Map<string, { gzipped: number; text: string }>;
}

const gzipSize = (text: string) => Bun.gzipSync(new TextEncoder().encode(text)).byteLength;

/** Static `import ... from "x"`, `import "x"` and `export ... from "x"`; not `import("x")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;

/** `entries` (URLs relative to `base`) and everything they import statically from `base`'s origin. */
export async function scriptsFrom(base: string, entries: string[]): Promise<ScriptSizes> {
  const origin = new URL(base).origin;
  const modules: ScriptSizes["modules"] = new Map();
  const queue = entries.map((entry) => new URL(entry, base).href);
  while (queue.length) {
    const url = queue.shift()!;
    if (modules.has(url) || new URL(url).origin !== origin) continue;
    const text = await (await fetch(url)).text();
    modules.set(url, { gzipped: gzipSize(text), text });
    for (const [, spec] of text.matchAll(STATIC_IMPORT)) queue.push(new URL(spec!, url).href);
  }
  const sum = (shared: boolean) => [...modules].filter(([url]) => SHARED_RUNTIME.test(url) === shared).reduce((total, [, m]) => total + m.gzipped, 0);
  return { gzipped: sum(false), runtime: sum(true), modules };
}

/** What the page at `path` makes the browser load before any interaction. */
export async function initialScripts(base: string, path: string, cookie?: string): Promise<ScriptSizes> {
  const pageUrl = new URL(path, base).href;
  const html = await (await fetch(pageUrl, { headers: cookie ? { cookie } : {} })).text();
  const entries: string[] = [];
  let inline = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attrs!)?.[1];
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // e.g. the i18n JSON
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attrs!)?.[1];
    if (src) entries.push(src);
    else if (body!.trim()) inline += gzipSize(body!);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*\brel=["']?modulepreload[^>]*>/gi)) entries.push(/\bhref=["']?([^"'\s>]+)/i.exec(tag)![1]!);
  for (const [, attrs] of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    for (const name of ["component-url", "renderer-url"]) {
      const url = new RegExp(`\\b${name}="([^"]+)"`).exec(attrs!)?.[1];
      if (url) entries.push(url);
    }
  }
  const scripts = await scriptsFrom(pageUrl, entries);
  return { ...scripts, gzipped: scripts.gzipped + inline };
}
