import { invalid, type ErrorDetail } from "../../lib/errors";
import { escapeHtml, rebuildInline } from "../../lib/inline-html";
import { ISSUE_MARKS } from "../../lib/sanitize";
import { DESCRIPTION_VERSION, ISSUE_LIMITS } from "./limits";

// A task's description: Editor.js block JSON. Each block of an allowed type is rebuilt from its fields (unknown
// fields dropped) and rendered to HTML by us; the text inside it is rebuilt mark by mark (src/lib/inline-html.ts
// with ISSUE_MARKS), so neither the stored JSON the editor loads nor the HTML the page shows carries any markup
// the client wrote. A save refuses what would be dropped (422 naming the place); a read of a description stored
// before these rules drops it, so old descriptions still show their text.

type Json = Record<string, unknown>;

/** Written into every description this builder stored, so a read can tell it from one stored before these rules. */
const RULES = 1;
type Mode = "save" | "read";
/** A block as stored and as shown. */
type Built = { data: Json; html: string };

/** A drive file's own token, as the download route takes it. */
const PICTURE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Builds the blocks of one description and collects the complaints, each with its path inside the block JSON. */
class Builder {
  readonly details: ErrorDetail[] = [];
  constructor(
    private readonly root: string,
    private readonly mode: Mode,
  ) {}

  fail(path: string, message: string, code?: string): undefined {
    if (this.mode === "save" && this.details.length < 20) this.details.push({ path: `${this.root}${path}`, message, ...(code ? { code } : {}) });
    return undefined;
  }

  text(value: unknown, path: string): string | undefined {
    if (typeof value !== "string") return this.fail(path, "Must be text");
    // A stored text may have grown past the limit when it was rebuilt (a bare & written as &amp;).
    if (this.mode === "save" && value.length > ISSUE_LIMITS.blockText) return this.fail(path, "validation.tooLong", "validation.tooLong");
    return value;
  }

  /** A block's inline HTML rebuilt; on a save, refused if anything would be dropped. */
  inline(value: unknown, path: string, optional = false): string {
    if (value === undefined && optional) return "";
    const text = this.text(value, path);
    if (text === undefined) return "";
    const { html, dropped } = rebuildInline(text, ISSUE_MARKS);
    if (dropped) this.fail(path, "issue.unsafeHtml", "issue.unsafeHtml");
    return html;
  }

  /** A list's items: strings (list 1.x) or { content, meta, items } (nested list 2.x), to a bounded depth. */
  listItems(value: unknown, path: string, depth: number, style: string): { items: unknown[]; html: string } {
    const tag = style === "ordered" ? "ol" : "ul";
    if (!Array.isArray(value) || value.length > ISSUE_LIMITS.listItems) return { items: [], html: this.fail(path, "Must be a list of items") ?? "" };
    if (depth > ISSUE_LIMITS.listDepth) return { items: [], html: this.fail(path, "Lists are nested too deeply") ?? "" };
    const items: unknown[] = [];
    const html = value.map((item, i) => {
      if (typeof item === "string") {
        const content = this.inline(item, `${path}.${i}`);
        items.push(content);
        return `<li>${content}</li>`;
      }
      if (!isObject(item)) return this.fail(`${path}.${i}`, "Must be text or an item") ?? "";
      const content = this.inline(item.content, `${path}.${i}.content`);
      const checked = isObject(item.meta) && item.meta.checked === true;
      const nested = item.items === undefined || (Array.isArray(item.items) && !item.items.length) ? { items: [], html: "" } : this.listItems(item.items, `${path}.${i}.items`, depth + 1, style);
      items.push({ content, meta: style === "checklist" ? { checked } : {}, items: nested.items });
      return `<li>${style === "checklist" ? (checked ? "☑ " : "☐ ") : ""}${content}${nested.html}</li>`;
    });
    return { items, html: `<${tag}>${html.join("")}</${tag}>` };
  }

  /** One block's fields and HTML, or undefined with a complaint. */
  block(block: unknown, path: string): (Built & { type: string; id?: string }) | undefined {
    if (!isObject(block)) return this.fail(path, "A block must be an object");
    const { type, data, id } = block;
    if (id !== undefined && (typeof id !== "string" || id.length > 64)) this.fail(`${path}.id`, "A block id is short text");
    if (!isObject(data)) return this.fail(`${path}.data`, "A block needs its data");
    const built = this.fields(type, data, (field) => `${path}.data.${field}`);
    if (built === null) return this.fail(`${path}.type`, "issue.unknownBlock", "issue.unknownBlock");
    if (!built) return undefined;
    return { ...(typeof id === "string" && id.length <= 64 ? { id } : {}), type: type as string, ...built };
  }

  /** The fields of a block of `type` (null: not a type we take). */
  private fields(type: unknown, data: Json, at: (field: string) => string): Built | null | undefined {
    switch (type) {
      case "paragraph": {
        const text = this.inline(data.text, at("text"));
        return { data: { text }, html: `<p>${text}</p>` };
      }
      case "header": {
        const level = data.level ?? 2;
        if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 6) return this.fail(at("level"), "A heading's level is 1 to 6");
        const text = this.inline(data.text, at("text"));
        return { data: { text, level }, html: `<h${level}>${text}</h${level}>` };
      }
      case "list": {
        const style = data.style ?? "unordered";
        if (style !== "ordered" && style !== "unordered" && style !== "checklist") return this.fail(at("style"), "A list is ordered, unordered or a checklist");
        const { items, html } = this.listItems(data.items, at("items"), 1, style);
        return { data: { style, items }, html };
      }
      case "checklist": {
        if (!Array.isArray(data.items) || data.items.length > ISSUE_LIMITS.listItems) return this.fail(at("items"), "Must be a list of items");
        const items = data.items.map((item, i) => {
          if (!isObject(item) || (item.checked !== undefined && typeof item.checked !== "boolean")) return this.fail(at(`items.${i}`), "An item has text and checked");
          return { text: this.inline(item.text, at(`items.${i}.text`)), checked: item.checked === true };
        });
        const kept = items.filter((item) => item !== undefined);
        return { data: { items: kept }, html: `<ul>${kept.map((item) => `<li>${item.checked ? "☑" : "☐"} ${item.text}</li>`).join("")}</ul>` };
      }
      case "quote": {
        const text = this.inline(data.text, at("text"));
        const caption = this.inline(data.caption, at("caption"), true);
        return { data: { text, caption }, html: `<blockquote><p>${text}</p>${caption ? `<cite>${caption}</cite>` : ""}</blockquote>` };
      }
      case "warning": {
        const title = this.inline(data.title, at("title"), true);
        const message = this.inline(data.message, at("message"), true);
        return { data: { title, message }, html: `<aside><p><strong>${title}</strong></p><p>${message}</p></aside>` };
      }
      case "code": {
        const code = this.text(data.code, at("code")) ?? "";
        return { data: { code }, html: `<pre><code>${escapeHtml(code)}</code></pre>` };
      }
      case "delimiter":
        return { data: {}, html: "<hr />" };
      case "image":
        return this.image(data, at);
      case "table":
        return this.table(data, at);
      default:
        return null;
    }
  }

  /** A picture of the task's (issues/pictures.ts checks whose) by its drive token, with a plain-text caption as its alt text. */
  private image(data: Json, at: (field: string) => string): Built | undefined {
    const token = isObject(data.file) ? data.file.token : undefined;
    if (typeof token !== "string" || !PICTURE_TOKEN.test(token)) return this.fail(at("file.token"), "issue.unknownPicture", "issue.unknownPicture");
    const caption = data.caption === undefined ? "" : (this.text(data.caption, at("caption")) ?? "");
    const alt = escapeHtml(caption);
    const html = `<figure><img src="/api/files/get-user-file/${token}?inline=1" alt="${alt}" loading="lazy" />${caption ? `<figcaption>${alt}</figcaption>` : ""}</figure>`;
    return { data: { file: { token }, caption }, html };
  }

  private table(data: Json, at: (field: string) => string): Built | undefined {
    const rows = data.content;
    if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row))) return this.fail(at("content"), "A table is a list of rows of cells");
    if (rows.reduce((n, row: unknown[]) => n + row.length, 0) > ISSUE_LIMITS.tableCells) return this.fail(at("content"), "The table has too many cells");
    if (data.withHeadings !== undefined && typeof data.withHeadings !== "boolean") this.fail(at("withHeadings"), "Must be true or false");
    const withHeadings = data.withHeadings === true;
    const content = rows.map((row: unknown[], r) => row.map((value, c) => this.inline(value, at(`content.${r}.${c}`))));
    const html = content.map((row, r) => {
      const cell = r === 0 && withHeadings ? "th" : "td";
      return `<tr>${row.map((value) => `<${cell}>${value}</${cell}>`).join("")}</tr>`;
    });
    return { data: { withHeadings, content }, html: `<table><tbody>${html.join("")}</tbody></table>` };
  }
}

/** The description of a task without one: no blocks, the editor's default version. */
const emptyDescription = (now = Date.now()) => JSON.stringify({ time: now, blocks: [], version: DESCRIPTION_VERSION });

function build(data: Json & { blocks: unknown[] }, path: string, mode: Mode) {
  const builder = new Builder(path, mode);
  const blocks = data.blocks.map((block, i) => builder.block(block, `.blocks.${i}`)).filter((block) => block !== undefined);
  if (builder.details.length) throw invalid(builder.details);
  const time = typeof data.time === "number" && Number.isFinite(data.time) ? data.time : Date.now();
  const version = typeof data.version === "string" && /^\d{1,4}(\.\d{1,4}){1,3}$/.test(data.version) ? data.version : DESCRIPTION_VERSION;
  const json = JSON.stringify({ time, blocks: blocks.map(({ html: _, ...block }) => block), version, rules: RULES });
  return { json, html: blocks.map((block) => block.html).join("") };
}

/**
 * Checks a description sent as Editor.js block JSON text and builds it. Answers the JSON to store (rebuilt:
 * time, version and the blocks' known fields) and its HTML; throws 422 with every complaint (not JSON, not
 * Editor.js data, an unknown block, a wrong shape, markup the editor's inline tools cannot write).
 */
export function parseDescription(raw: string | null | undefined, path = "body.description"): { json: string; html: string } {
  if (raw === null || raw === undefined || !raw.trim()) return { json: emptyDescription(), html: "" };
  if (raw.length > ISSUE_LIMITS.description) throw invalid([{ path, message: "validation.tooLong", code: "validation.tooLong" }]);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw invalid([{ path, message: "issue.notEditorData", code: "issue.notEditorData" }]);
  }
  if (!isObject(data) || !Array.isArray(data.blocks)) throw invalid([{ path, message: "issue.notEditorData", code: "issue.notEditorData" }]);
  const details: ErrorDetail[] = [];
  if (data.time !== undefined && !(typeof data.time === "number" && Number.isFinite(data.time))) details.push({ path: `${path}.time`, message: "Must be a time in milliseconds" });
  if (data.version !== undefined && !(typeof data.version === "string" && /^\d{1,4}(\.\d{1,4}){1,3}$/.test(data.version))) details.push({ path: `${path}.version`, message: "Must be a version like 2.17.0" });
  if (data.blocks.length > ISSUE_LIMITS.blocks) details.push({ path: `${path}.blocks`, message: "validation.tooLong", code: "validation.tooLong" });
  if (details.length) throw invalid(details);
  return build(data as Json & { blocks: unknown[] }, path, "save");
}

/**
 * A stored description as the reader gets it: as stored if this builder wrote it, else (stored before these
 * rules) rebuilt through them, what a save would refuse dropped; text that is not Editor.js data shows as none.
 */
export function storedDescription(stored: { json: string; html: string }): { json: string; html: string } {
  // Our own JSON.stringify writes the marker last: no need to parse 200 KB to find it.
  if (stored.json.endsWith(`,"rules":${RULES}}`)) return stored;
  let data: unknown;
  try {
    data = JSON.parse(stored.json);
  } catch {
    data = undefined;
  }
  if (!isObject(data) || !Array.isArray(data.blocks)) return { json: emptyDescription(0), html: "" };
  return build({ ...data, blocks: data.blocks.slice(0, ISSUE_LIMITS.blocks) }, "", "read");
}
