import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { marked } from "marked";
import type { Locale } from "../../lib/i18n";
import { sanitize } from "../../lib/sanitize";

export interface ManualNode {
  id: string;
  title: string;
  html?: string;
  children: ManualNode[];
}

/** Where the Markdown lives; config passes it in because pages run from a bundle elsewhere on disk. */
export const MANUAL_DIR = join(import.meta.dir, "manual");
const cache = new Map<string, ManualNode[]>();

const slug = (text: string) =>
  text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");

/** Turns one Markdown page into a node whose children are its second-level sections. */
function pageNode(file: string, markdown: string): ManualNode {
  const id = file.replace(/^\d+-/, "").replace(/\.md$/, "");
  const title = markdown.match(/^#\s+(.+)$/m)?.[1]?.trim() ?? id;
  const children = [...markdown.matchAll(/^##\s+(.+)$/gm)].map((m) => ({ id: `${id}--${slug(m[1])}`, title: m[1].trim(), children: [] }));
  const renderer = new marked.Renderer();
  renderer.heading = ({ tokens, depth }) => {
    const text = renderer.parser.parseInline(tokens);
    const anchor = depth === 2 ? ` id="${id}--${slug(tokens.map((t) => ("text" in t ? t.text : "")).join(""))}"` : "";
    return `<h${depth}${anchor}>${text}</h${depth}>\n`;
  };
  const raw = marked.parse(markdown, { async: false, renderer }) as string;
  return { id, title, html: sanitize(raw, "help"), children };
}

/** The user manual, from the Markdown files in the repository, in the reader's language (English where missing). */
export function userManual(manualDir: string, locale: Locale): ManualNode[] {
  const key = `${manualDir}|${locale}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const dir = join(manualDir, locale);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".md")).sort();
  } catch {
    files = [];
  }
  const tree =
    files.length || locale === "en" ? files.map((f) => pageNode(f, readFileSync(join(dir, f), "utf8"))) : userManual(manualDir, "en");
  cache.set(key, tree);
  return tree;
}
