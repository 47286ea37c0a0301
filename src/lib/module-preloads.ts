import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One static import at the top of a built module: `import{a as b}from"./x.js";` or `import"./x.js";`. */
const STATIC_IMPORT = /^\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"'/]+\.js)["'];?/;
/** Vite's list of a module's dynamic-import dependencies, which comes before its imports. */
const MAP_DEPS = "const __vite__mapDeps";

/** The files a built module imports statically, read from the imports the bundler puts at its top. */
function staticImports(code: string): string[] {
  let rest = code.startsWith(MAP_DEPS) ? code.slice(code.indexOf("\n") + 1) : code;
  const found: string[] = [];
  for (let match = STATIC_IMPORT.exec(rest); match; match = STATIC_IMPORT.exec(rest)) {
    found.push(match[1]);
    rest = rest.slice(match[0].length);
  }
  return found;
}

/**
 * A page names its entry scripts; the browser finds what they import only after each has come, one round
 * trip per level (three levels on the document page: 400 ms each on a slow link). This adds a
 * `<link rel="modulepreload">` for every module an entry script needs, before the script, so that all of
 * them are asked for at once. The import graph is read from `clientDir/_astro` when the server starts.
 */
export function modulePreloads(clientDir: string): (response: Response) => Response {
  const dir = join(clientDir, "_astro");
  const imports = new Map<string, string[]>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (name.endsWith(".js")) imports.set(name, staticImports(readFileSync(join(dir, name), "utf8")));
    }
  }
  /** Every module `name` needs, depth first, in the order the browser would find them. */
  const closure = (name: string, into: Set<string>) => {
    for (const dependency of imports.get(name) ?? []) {
      if (into.has(dependency)) continue;
      into.add(dependency);
      closure(dependency, into);
    }
    return into;
  };
  return (response) => {
    if (!imports.size || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
    const listed = new Set<string>();
    /** Preload links for `entries` (as the page names them) and all they import, each file once per page. */
    const preloads = (entries: string[], preloadEntries: boolean) => {
      const names = entries.filter((url) => url.startsWith("/_astro/")).map((url) => url.slice("/_astro/".length));
      const wanted = new Set<string>(preloadEntries ? names : []);
      if (!preloadEntries) for (const name of names) listed.add(name);
      for (const name of names) closure(name, wanted);
      return [...wanted].filter((name) => !listed.has(name) && listed.add(name)).map((name) => `<link rel="modulepreload" href="/_astro/${name}">`).join("");
    };
    return new HTMLRewriter()
      .on('script[type="module"][src^="/_astro/"]', {
        element(script) {
          const links = preloads([script.getAttribute("src")!], false);
          if (links) script.before(links, { html: true });
        },
      })
      // An island's component and renderer are imported by Astro's hydration script only once it runs: preloaded, they come in the page's first round.
      .on("astro-island[component-url]", {
        element(island) {
          const links = preloads([island.getAttribute("component-url")!, island.getAttribute("renderer-url") ?? ""], true);
          if (links) island.before(links, { html: true });
        },
      })
      .transform(response);
  };
}
