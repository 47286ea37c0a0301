/**
 * User HTML cleaned off the event loop: sanitize-html takes about a second and a quarter per megabyte even
 * when flat, and far longer nested, so every body whose size a user controls is cleaned in the untrusted
 * worker, once, when it is saved. Bodies past the size or nesting caps are refused with a clear error.
 */
import { AppError } from "./errors";
import type { HtmlSetting } from "./sanitize";
import { runUntrusted, UntrustedJobError, type JobOptions } from "./untrusted-worker";

export const HTML_LIMITS = {
  /** Characters of one body (above every feature's own cap, a calculation result's 1 MB among them). */
  chars: 2 * 1024 * 1024,
  /** How deep elements may nest (an editor writes a few levels; lists in quotes in tables stay far below). */
  depth: 100,
  /** Time for one body's cleaning in the worker. */
  timeoutMs: 10_000,
} as const;

/** HTML that went through `cleanHtml` (or another sanitising step its writer vouches for). */
export type CleanHtml = string & { readonly cleaned: true };

/**
 * Clean HTML with what storing and answering it take, encoded in the worker: its UTF-8 (for SQLite) and its JSON
 * string (for an answer). Encoding a megabyte holds the event loop about 10 ms each; copying the bytes, nothing.
 */
export interface EncodedHtml {
  html: CleanHtml;
  utf8: Uint8Array<ArrayBuffer>;
  json: Uint8Array<ArrayBuffer>;
}

/**
 * `html` sanitised with `setting` in the untrusted worker; `path` names the field in errors: 413 html_too_large
 * past the size cap (before anything is sent), 422 html_too_deep past the nesting cap (found in the worker before
 * any parser sees it), 422 html_too_complex when the worker ran out of time or memory.
 */
export const cleanHtml = (html: string, setting: HtmlSetting, path: string, options: JobOptions = {}) => clean<CleanHtml>(html, setting, path, options, false);

/** The same, answering the clean HTML with its encodings (EncodedHtml), for a body saved and answered whole. */
export const cleanHtmlEncoded = (html: string, setting: HtmlSetting, path: string, options: JobOptions = {}) => clean<EncodedHtml>(html, setting, path, options, true);

async function clean<T>(html: string, setting: HtmlSetting, path: string, options: JobOptions, encode: boolean): Promise<T> {
  if (html.length > HTML_LIMITS.chars) {
    throw new AppError(413, "html_too_large", `The text is longer than ${HTML_LIMITS.chars} characters`, [{ path, message: "validation.htmlTooLarge", code: "validation.htmlTooLarge" }]);
  }
  try {
    const input = { html, setting, maxDepth: HTML_LIMITS.depth, encode };
    return await runUntrusted<T>(new URL("./sanitize-job.ts", import.meta.url), input, { timeoutMs: HTML_LIMITS.timeoutMs, maxRssGrowthBytes: 512 * 1024 * 1024 }, options);
  } catch (error) {
    if (!(error instanceof UntrustedJobError)) throw error;
    if (error.code === "html_too_deep") {
      throw new AppError(422, "html_too_deep", `The text nests elements deeper than ${HTML_LIMITS.depth} levels`, [{ path, message: "validation.htmlTooDeep", code: "validation.htmlTooDeep" }]);
    }
    throw new AppError(422, "html_too_complex", "The text could not be cleaned in time", [{ path, message: "validation.htmlTooComplex", code: "validation.htmlTooComplex" }]);
  }
}
