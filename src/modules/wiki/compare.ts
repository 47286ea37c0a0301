import { AppError } from "../../lib/errors";
import { diffHtml } from "../../lib/html-diff";
import { sanitize } from "../../lib/sanitize";
import { runUntrusted, UntrustedJobError, type JobOptions } from "../../lib/untrusted-worker";

const MARK = /(<\/?(?:ins|del)\b[^>]*>)/;
const EMPTY_LINK = /<a\b[^>]*>\s*<\/a>/g;

/** `html` without the `tag` elements and what is in them, nor links left empty. */
function without(html: string, tag: "ins" | "del"): string {
  let depth = 0;
  let out = "";
  for (const part of html.split(MARK)) {
    const mark = /^<(\/?)(ins|del)\b/.exec(part);
    if (mark?.[2] === tag) depth = Math.max(0, depth + (mark[1] ? -1 : 1));
    else if (depth === 0) out += part;
  }
  // A link whose words were all on the other side would be left empty: an unnamed link to nowhere readable.
  return out.replace(EMPTY_LINK, "");
}

/**
 * Two versions' contents compared word by word in every script: the inline diff (deletions in <del>,
 * insertions in <ins>), and the two sides for a side-by-side view, each marking only its own changes.
 * Both contents were sanitised when saved; the diff only adds <ins> and <del>, and is cleaned again.
 */
export function compareContents(before: string, after: string, timeoutMs?: number) {
  const inline = sanitize(diffHtml(before, after, timeoutMs), "wiki");
  return { inline, before: without(inline, "ins"), after: without(inline, "del") };
}

export type Comparison = ReturnType<typeof compareContents>;

export const COMPARE_LIMITS = {
  /** Both versions' characters together (two articles at the save limit compare). */
  chars: 1_000_000,
  /** The word diff's own time; past it the versions are called too different to compare. */
  diffMs: 5_000,
  /** The whole job's, sanitising included. */
  jobMs: 15_000,
} as const;

/**
 * compareContents run in the untrusted worker, so a long article never holds the event loop: 413
 * compare_too_large past COMPARE_LIMITS.chars, 422 compare_too_complex when it would take too long.
 */
export async function compareVersions(before: string, after: string, options: JobOptions = {}): Promise<Comparison> {
  if (before.length + after.length > COMPARE_LIMITS.chars) throw new AppError(413, "compare_too_large", "These versions are too long to compare");
  try {
    return await runUntrusted<Comparison>(new URL("./compare-job.ts", import.meta.url), { before, after }, { timeoutMs: COMPARE_LIMITS.jobMs, maxRssGrowthBytes: 512 * 1024 * 1024 }, options);
  } catch (error) {
    if (!(error instanceof UntrustedJobError)) throw error;
    throw new AppError(422, "compare_too_complex", "These versions differ in too many places to compare");
  }
}
