/**
 * Inline rich text (the HTML inside a task description's Editor.js blocks) rebuilt from its parsed structure:
 * text is always escaped, and only the marks and attribute values of an allow-list are written, by us, in one
 * well-formed shape. Nothing of the input's markup is passed through, so however a browser would have read
 * the input (CDATA, comments, foreign content), it reads the output the same way we wrote it.
 */
import { Parser } from "htmlparser2";

/** One allowed attribute: the value to write, or undefined to drop it. */
type AttributeRule = (value: string) => string | undefined;

export interface InlineAllowList {
  /** Each allowed element with its allowed attributes. */
  tags: Record<string, Record<string, AttributeRule>>;
}

/** Whether the rebuild dropped anything, and the rebuilt HTML. */
export interface InlineResult {
  html: string;
  dropped: boolean;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const VOID = new Set(["br", "wbr", "img", "hr", "input", "meta", "link", "base", "area", "col", "embed", "source", "track", "param"]);
/** Elements whose content is not text a reader should see: dropped with them. */
const OPAQUE = new Set(["script", "style", "template", "noscript", "textarea", "title", "iframe", "object", "xmp", "noembed", "noframes", "svg", "math", "select"]);

const RELATIVE_BASE = "https://relative.invalid";

/**
 * A link target as the browser would resolve it, if its scheme is one of `schemes` (with the colon), or a path
 * on this site; undefined otherwise (javascript:, data:, entity-encoded or tab-split schemes, //host, /\host).
 */
export function safeUrl(value: string, schemes: readonly string[]): string | undefined {
  // Another host without a scheme (//host, \\host) would take the page's: refused, as the sanitize settings do.
  if (/^[/\\]{2}/.test(value.replace(/[\t\n\r]/g, "").trim())) return undefined;
  let url: URL;
  try {
    url = new URL(value, RELATIVE_BASE);
  } catch {
    return undefined;
  }
  if (url.origin === RELATIVE_BASE) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    return value.trim() && !/^[/\\]{2}/.test(path) ? path : undefined;
  }
  return schemes.includes(url.protocol) ? url.href : undefined;
}

/** Rebuilds `html` keeping what `allow` lists; `dropped` says whether anything else was there. */
export function rebuildInline(html: string, allow: InlineAllowList): InlineResult {
  const out: string[] = [];
  /** The open elements, each with whether we wrote it. */
  const open: { name: string; kept: boolean }[] = [];
  let opaque = 0;
  let dropped = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const rules = opaque || !Object.hasOwn(allow.tags, name) ? undefined : allow.tags[name];
        if (OPAQUE.has(name)) opaque++;
        open.push({ name, kept: !!rules });
        if (!rules) {
          dropped = true;
          return;
        }
        let attributes = "";
        for (const [key, value] of Object.entries(attribs)) {
          const written = Object.hasOwn(rules, key) ? rules[key]!(value) : undefined;
          if (written === undefined) dropped = true;
          else attributes += ` ${key}="${escapeHtml(written)}"`;
        }
        out.push(`<${name}${attributes}>`);
      },
      onclosetag(name) {
        const element = open.pop();
        if (OPAQUE.has(name)) opaque--;
        if (element?.kept && !VOID.has(name)) out.push(`</${name}>`);
      },
      ontext(text) {
        if (opaque) dropped = true;
        else out.push(escapeHtml(text));
      },
      oncomment() {
        dropped = true;
      },
      oncdatastart() {
        dropped = true;
      },
      onprocessinginstruction() {
        dropped = true;
      },
    },
    { decodeEntities: true, recognizeSelfClosing: false },
  );
  parser.end(html);
  return { html: out.join(""), dropped };
}
