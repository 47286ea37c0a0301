import { invalid, type ErrorDetail } from "../../lib/errors";
import { refusedHtml, sanitize } from "../../lib/sanitize";
import { DESCRIPTION_VERSION, ISSUE_LIMITS } from "./limits";

// A task's description: Editor.js block JSON, checked block by block and rendered to HTML on the server
// (for read-only views, mails and search). Only the block types below are taken; their inline HTML may
// hold what Editor.js's inline tools write and nothing else (src/lib/sanitize.ts, `issueInline`).

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeText = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);

/** Collects the complaints about one description, each with its path inside the block JSON. */
class Checker {
  readonly details: ErrorDetail[] = [];
  constructor(private readonly root: string) {}

  fail(path: string, message: string, code?: string) {
    if (this.details.length < 20) this.details.push({ path: `${this.root}${path}`, message, ...(code ? { code } : {}) });
    return "";
  }

  /** Inline HTML of a block: a string within the limit that cleaning would leave as it is. */
  inline(value: unknown, path: string, optional = false): string {
    if (value === undefined && optional) return "";
    if (typeof value !== "string") return this.fail(path, "Must be text");
    if (value.length > ISSUE_LIMITS.blockText) return this.fail(path, "validation.tooLong", "validation.tooLong");
    if (refusedHtml(value, "issueInline")) return this.fail(path, "issue.unsafeHtml", "issue.unsafeHtml");
    return value;
  }

  plain(value: unknown, path: string): string {
    if (typeof value !== "string") return this.fail(path, "Must be text");
    if (value.length > ISSUE_LIMITS.blockText) return this.fail(path, "validation.tooLong", "validation.tooLong");
    return escapeText(value);
  }

  /** A list's items: strings (list 1.x) or { content, items } (nested list 2.x), to a bounded depth. */
  listItems(value: unknown, path: string, depth: number, ordered: boolean): string {
    if (!Array.isArray(value) || value.length > ISSUE_LIMITS.listItems) return this.fail(path, "Must be a list of items");
    if (depth > ISSUE_LIMITS.listDepth) return this.fail(path, "Lists are nested too deeply");
    const items = value.map((item, i) => {
      if (typeof item === "string") return `<li>${this.inline(item, `${path}.${i}`)}</li>`;
      if (!isObject(item)) return this.fail(`${path}.${i}`, "Must be text or an item");
      const nested = item.items === undefined || (Array.isArray(item.items) && !item.items.length) ? "" : this.listItems(item.items, `${path}.${i}.items`, depth + 1, ordered);
      return `<li>${this.inline(item.content, `${path}.${i}.content`)}${nested}</li>`;
    });
    const tag = ordered ? "ol" : "ul";
    return `<${tag}>${items.join("")}</${tag}>`;
  }

  /** One block's HTML, or a complaint. */
  block(block: unknown, path: string): string {
    if (!isObject(block)) return this.fail(path, "A block must be an object");
    const { type, data } = block;
    if (block.id !== undefined && (typeof block.id !== "string" || block.id.length > 64)) this.fail(`${path}.id`, "A block id is short text");
    if (!isObject(data)) return this.fail(`${path}.data`, "A block needs its data");
    const at = (field: string) => `${path}.data.${field}`;
    switch (type) {
      case "paragraph":
        return `<p>${this.inline(data.text, at("text"))}</p>`;
      case "header": {
        const level = data.level ?? 2;
        if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 6) return this.fail(at("level"), "A heading's level is 1 to 6");
        return `<h${level}>${this.inline(data.text, at("text"))}</h${level}>`;
      }
      case "list": {
        const style = data.style ?? "unordered";
        if (style !== "ordered" && style !== "unordered" && style !== "checklist") return this.fail(at("style"), "A list is ordered, unordered or a checklist");
        return this.listItems(data.items, at("items"), 1, style === "ordered");
      }
      case "checklist": {
        if (!Array.isArray(data.items) || data.items.length > ISSUE_LIMITS.listItems) return this.fail(at("items"), "Must be a list of items");
        const items = data.items.map((item, i) => {
          if (!isObject(item) || (item.checked !== undefined && typeof item.checked !== "boolean")) return this.fail(at(`items.${i}`), "An item has text and checked");
          return `<li>${item.checked ? "☑" : "☐"} ${this.inline(item.text, at(`items.${i}.text`))}</li>`;
        });
        return `<ul>${items.join("")}</ul>`;
      }
      case "quote": {
        const caption = this.inline(data.caption, at("caption"), true);
        return `<blockquote><p>${this.inline(data.text, at("text"))}</p>${caption ? `<cite>${caption}</cite>` : ""}</blockquote>`;
      }
      case "warning":
        return `<aside><p><strong>${this.inline(data.title, at("title"), true)}</strong></p><p>${this.inline(data.message, at("message"), true)}</p></aside>`;
      case "code":
        return `<pre><code>${this.plain(data.code, at("code"))}</code></pre>`;
      case "delimiter":
        return "<hr />";
      case "table": {
        const rows = data.content;
        if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row))) return this.fail(at("content"), "A table is a list of rows of cells");
        if (rows.reduce((n, row: unknown[]) => n + row.length, 0) > ISSUE_LIMITS.tableCells) return this.fail(at("content"), "The table has too many cells");
        if (data.withHeadings !== undefined && typeof data.withHeadings !== "boolean") this.fail(at("withHeadings"), "Must be true or false");
        const html = rows.map((row: unknown[], r) => {
          const cell = r === 0 && data.withHeadings ? "th" : "td";
          return `<tr>${row.map((value, c) => `<${cell}>${this.inline(value, at(`content.${r}.${c}`))}</${cell}>`).join("")}</tr>`;
        });
        return `<table><tbody>${html.join("")}</tbody></table>`;
      }
      default:
        return this.fail(`${path}.type`, "issue.unknownBlock", "issue.unknownBlock");
    }
  }
}

/** The description of a task without one: no blocks, the editor's default version. */
const emptyDescription = (now = Date.now()) => JSON.stringify({ time: now, blocks: [], version: DESCRIPTION_VERSION });

/**
 * Checks a description sent as Editor.js block JSON text and renders it. Answers the JSON to store
 * (re-serialised: only time, blocks and version are kept) and its sanitised HTML; throws 422 with
 * every complaint (not JSON, not Editor.js data, an unknown block, HTML its inline tools cannot write).
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
  const checker = new Checker(path);
  const html = data.blocks.map((block, i) => checker.block(block, `.blocks.${i}`)).join("");
  if (checker.details.length) throw invalid(checker.details);
  const blocks = data.blocks.map((block) => {
    const { id, type, data: blockData, tunes } = block as Json;
    return { ...(id === undefined ? {} : { id }), type, data: blockData, ...(isObject(tunes) ? { tunes } : {}) };
  });
  const json = JSON.stringify({ time: (data.time as number | undefined) ?? Date.now(), blocks, version: (data.version as string | undefined) ?? DESCRIPTION_VERSION });
  return { json, html: sanitize(html, "issue") };
}
