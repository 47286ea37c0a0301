/**
 * The word diff of two HTML texts, for every script: the document page's version compare (loaded with
 * import() only when versions are compared) and the wiki's compare page (in a worker on the server). No DOM.
 */
import { diffArrays } from "diff";

/** A tag, an entity, a word of any script (letters, their marks and digits), a run of spaces, or any other single character. */
const TOKEN = /<[^>]*>?|&(?:#\d+|#x[\da-f]+|[a-z]\w*);|[\p{L}\p{M}\p{N}]+|\s+|./gisu;
/** A tag that holds nothing and closes nothing: marked as a change like a word. */
const LONE_TAG = /^<img\b/i;

const isTag = (token: string) => token.startsWith("<") && !LONE_TAG.test(token);

/** Why a diff gave up: the two texts differ in too many places to be compared within the time given. */
class DiffTooComplex extends Error {
  readonly code = "compare_too_complex";
}

/** The tokens of `html` in order; joined they give `html` back. */
const htmlTokens = (html: string): string[] => html.match(TOKEN) ?? [];

/** `tokens` with their text in runs wrapped in `<mark>`; tags kept as they are (`keepTags`) or dropped. */
function marked(tokens: string[], mark: "ins" | "del", keepTags: boolean): string {
  let out = "";
  let run = "";
  const flush = () => {
    if (run) out += `<${mark}>${run}</${mark}>`;
    run = "";
  };
  for (const token of tokens) {
    if (!isTag(token)) run += token;
    else {
      flush();
      if (keepTags) out += token;
    }
  }
  flush();
  return out;
}

/** The end of a block (paragraph, heading, list item, table row, quote, code block, line break). */
const BLOCK_END = /^(?:<\/(?:p|h[1-6]|li|tr|blockquote|pre|div)\s*>|<br\b)/i;

/** `html` cut into blocks, each the tokens up to and including its end. */
function blocks(html: string): string[][] {
  const out: string[][] = [[]];
  for (const token of htmlTokens(html)) {
    out[out.length - 1]!.push(token);
    if (BLOCK_END.test(token)) out.push([]);
  }
  return out.filter((block) => block.length);
}

function diffTokens(before: string[], after: string[], deadline: number): string {
  const changes = Number.isFinite(deadline) ? diffArrays(before, after, { timeout: Math.max(1, deadline - Date.now()) }) : diffArrays(before, after);
  if (!changes) throw new DiffTooComplex("The versions differ in too many places to compare");
  return changes.map((change) => (change.added ? marked(change.value, "ins", true) : change.removed ? marked(change.value, "del", false) : change.value.join(""))).join("");
}

/**
 * `after` compared with `before`: insertions in <ins>, deletions in <del>, whole words in every script.
 * Blocks are matched first, then the words (and tags) of the blocks that changed, with Myers's algorithm:
 * its cost grows with the text times the changes, so a changed block is compared with the one in its place
 * when as many blocks were changed as replaced them, and only the rest together. The markup is the newer
 * version's: a deleted tag is dropped and its deleted text kept in <del>. `timeoutMs` bounds the time spent
 * on texts that differ almost everywhere: past it DiffTooComplex is thrown.
 */
export function diffHtml(before: string, after: string, timeoutMs?: number): string {
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  const byBlock = diffArrays(blocks(before).map((block) => block.join("")), blocks(after).map((block) => block.join("")));
  let out = "";
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    const pairs = removed.length === added.length ? removed.map((block, i) => [block, added[i]!]) : [[removed.join(""), added.join("")]];
    for (const [old, now] of pairs) out += diffTokens(htmlTokens(old!), htmlTokens(now!), deadline);
    removed = [];
    added = [];
  };
  for (const change of byBlock) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      out += change.value.join("");
    }
  }
  flush();
  return out;
}
