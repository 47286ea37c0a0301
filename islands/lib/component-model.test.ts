/**
 * The browser is built one way (README, "Islands"): React components that Astro renders and hydrates,
 * calling /api through the typed client. This holds every feature to it once it is converted, and
 * keeps the list of features not converted yet honest: it only shrinks.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** DOM built or wired by hand: what a component must leave to React. */
const HAND_DOM = /document\.createElement(NS)?\(|\.innerHTML\b|insertAdjacentHTML|\.appendChild\(|\.replaceChildren\(|\.insertBefore\(|createRoot\(|from "\.\.\/lib\/dom"|getElementById\(|querySelector(All)?\(/g;
/** A call of the untyped api() helper instead of the typed client (islands/lib/server.ts). */
const UNTYPED_CALL = /\bapi(<[^>]*>)?\(/g;

/** Small components that own an imperative library's element, and islands/lib's own plumbing. */
const ADAPTERS = new Set<string>([
  // The REPORT viewer's mount() for the viewers registry, which mounts viewers into elements until islands/viewers renders components.
  "reports/viewer.tsx",
  // Tiptap, the wiki's rich-text editor
  "lib/ui/RichTextEditor.tsx",
  // CodeMirror behind the calculation's script editor.
  "calc/editor.tsx",
  // Chart.js drawn still on a canvas off the page, for report images.
  "charts/image.ts",
  // pdf.js: the PDF viewer's pages, thumbnails and text layers.
  "docs/pdf-pages.ts",
  // A converted DOCX's server-sanitised HTML, its pictures' names and headings.
  "docs/DocxArticle.tsx",
  // Search hits marked inside HTML that React does not own (documents, PDF text layers, public pages).
  "docs/highlight.ts",
  // Editor.js behind a task's description editor, loaded on Edit and destroyed on unmount.
  "issues/DescriptionEditor.tsx",
]);

/**
 * The sign-in pages (islands/auth) stay plain forms that work without JavaScript; a small script
 * checks fields as they are typed, and no React is loaded there (README, "Islands").
 *
 * Features still built by hand: remove a feature here once it is converted (the test says when). */
const PENDING = new Set([
]);

/**
 * Pages of converted features whose own inline script (islands/lib alone) is not converted yet: their
 * owner converts them and removes them here; the list only shrinks.
 */
const PAGES_PENDING = new Set(["pages/admin/users.astro", "pages/admin/user-activity.astro"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const astroFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? astroFiles(join(dir, entry.name)) : entry.name.endsWith(".astro") ? [join(dir, entry.name)] : []));

const islandFiles = sources(join(ROOT, "islands")).map((path) => relative(join(ROOT, "islands"), path));
const featureOf = (file: string) => file.split("/")[0]!;
const count = (file: string, pattern: RegExp) => (readFileSync(join(ROOT, "islands", file), "utf8").match(pattern) ?? []).length;
const outsideLib = islandFiles.filter((file) => !["lib", "testing", "auth"].includes(featureOf(file)) && !ADAPTERS.has(file));

describe("the component model", () => {
  test("converted features build no DOM by hand and call /api only through the typed client", () => {
    const offenders = outsideLib
      .filter((file) => !PENDING.has(featureOf(file)))
      .flatMap((file) => [count(file, HAND_DOM) && `${file}: ${count(file, HAND_DOM)} hand-built DOM`, count(file, UNTYPED_CALL) && `${file}: ${count(file, UNTYPED_CALL)} untyped api() calls`])
      .filter(Boolean);
    expect(offenders).toEqual([]);
  });

  test("every feature still listed as pending really is: the list only shrinks", () => {
    const stale = [...PENDING].filter((feature) => !outsideLib.some((file) => featureOf(file) === feature && count(file, HAND_DOM) + count(file, UNTYPED_CALL) > 0));
    expect(stale).toEqual([]);
  });

  test("pages start no island scripts of converted features: components are hydrated by client: directives", () => {
    const offenders = astroFiles(join(ROOT, "pages")).flatMap((page) => {
      const path = relative(ROOT, page);
      if (PAGES_PENDING.has(path)) return [];
      const scripts = [...readFileSync(page, "utf8").matchAll(/<script>[\s\S]*?<\/script>/g)].map((script) => script[0]);
      const features = new Set(scripts.flatMap((script) => [...script.matchAll(/islands\/([a-z-]+)\//g)].map((m) => m[1]!)));
      // A script of islands/lib alone belongs to the page's own feature (pages/admin/users.astro: admin).
      if (features.size === 1 && features.has("lib")) features.add(path.split("/")[1]!);
      features.delete("lib");
      return [...features].filter((feature) => !PENDING.has(feature) && feature !== "auth").map((feature) => `${path} starts islands/${feature} from a <script>`);
    });
    expect(offenders).toEqual([]);
  });
});
