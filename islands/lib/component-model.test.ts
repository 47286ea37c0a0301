/**
 * The browser is built one way (README, "Islands"): React components that Astro renders and hydrates,
 * calling /api through the typed client. This holds every feature to it: hand-built DOM only in the
 * adapters named here, no /api call by hand, and no page starting islands from a <script>.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dir, "..", "..");

/** DOM built or wired by hand: what a component must leave to React. */
const HAND_DOM = /document\.createElement(NS)?\(|\.innerHTML\b|insertAdjacentHTML|\.appendChild\(|\.replaceChildren\(|\.insertBefore\(|createRoot\(|from "\.\.\/lib\/dom"|getElementById\(|querySelector(All)?\(/g;
/** A call of /api by hand (fetch or XMLHttpRequest) instead of through the typed client (islands/lib/server.ts). */
const UNTYPED_CALL = /\bfetch\(\s*[`"']\/api\/|\.open\(\s*"[A-Z]+",\s*[`"']\/api\//g;
/** The calls the typed client cannot make, each with its reason. */
const RAW_CALLS: Record<string, string> = {
  "drive/common.ts": "an upload that reports its progress (XMLHttpRequest)",
  "data/uploads.ts": "an upload that reports its progress (XMLHttpRequest)",
  "reports/export.ts": "a file download read as a Blob, named by its Content-Disposition",
};

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
  // ... and its picture block, an Editor.js block tool that renders its own element.
  "issues/picture-tool.tsx",
  // OpenLayers: the map made on its element and disposed on unmount, and its layer canvases composed into a PNG.
  "maps/OlMap.tsx",
  "maps/map-image.ts",
]);

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
/** A screen in one closure is hard to read and to test: a function past this is split into components and hooks. */
const MAX_FUNCTION_LINES = 150;

/** Every function (declared, arrow, method) in `file` longer than MAX_FUNCTION_LINES, nested ones counted inside their outer one. */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, "islands", file), "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const lines = line(node.getEnd()) - line(node.getStart()) + 1;
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${line(node.getStart())}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const count = (file: string, pattern: RegExp) => (readFileSync(join(ROOT, "islands", file), "utf8").match(pattern) ?? []).length;
/**
 * Every island but islands/lib's plumbing, the test helpers, the adapters and the sign-in pages' script (islands/auth:
 * plain forms that work without JavaScript, checked as they are typed, with no React: README, "Islands").
 */
const outsideLib = islandFiles.filter((file) => !["lib", "testing", "auth"].includes(featureOf(file)) && !ADAPTERS.has(file));

describe("the component model", () => {
  test("features build no DOM by hand and call /api only through the typed client", () => {
    const offenders = outsideLib
      .flatMap((file) => [count(file, HAND_DOM) && `${file}: ${count(file, HAND_DOM)} hand-built DOM`, !(file in RAW_CALLS) && count(file, UNTYPED_CALL) && `${file}: ${count(file, UNTYPED_CALL)} calls of /api by hand`])
      .filter(Boolean);
    expect(offenders).toEqual([]);
  });

  // Parsing every island takes a few seconds on a busy machine.
  test(`no island function runs over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(islandFiles.flatMap(longFunctions)).toEqual([]);
  }, 30_000);

  test("islands bring no drizzle to the browser: from db/schema they import types only (values: src/lib/data-kinds.ts)", () => {
    const DRIZZLE_VALUE = /^import (?!type )[^;]*from "(?:\.\.\/)+db\/schema(?:\/[\w-]+)?";/gm;
    const offenders = islandFiles.filter((file) => count(file, DRIZZLE_VALUE) > 0);
    expect(offenders).toEqual([]);
  });

  test("pages start no island scripts: components are hydrated by client: directives", () => {
    const offenders = astroFiles(join(ROOT, "pages")).flatMap((page) => {
      const path = relative(ROOT, page);
      const scripts = [...readFileSync(page, "utf8").matchAll(/<script>[\s\S]*?<\/script>/g)].map((script) => script[0]);
      const features = new Set(scripts.flatMap((script) => [...script.matchAll(/islands\/([a-z-]+)\//g)].map((m) => m[1]!)));
      // A script of islands/lib alone belongs to the page's own feature.
      if (features.size === 1 && features.has("lib")) features.add(path.split("/")[1]!);
      features.delete("lib");
      return [...features].filter((feature) => feature !== "auth").map((feature) => `${path} starts islands/${feature} from a <script>`);
    });
    expect(offenders).toEqual([]);
  });
});
