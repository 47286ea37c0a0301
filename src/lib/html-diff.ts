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

/** How many blocks a stretch between anchors may hold and still be matched block by block (Myers costs its length times its changes). */
const BLOCK_DIFF_MAX = 200;

/**
 * Pairs [i, j] of blocks found exactly once in each version, in the same order in both (the longest such chain,
 * by patience sorting): blocks that surely stayed, found in n log n however much changed around them.
 */
function anchors(before: string[], after: string[]): [number, number][] {
  const places = new Map<string, { before: number; after: number; i: number; j: number }>();
  const place = (block: string) => places.get(block) ?? places.set(block, { before: 0, after: 0, i: -1, j: -1 }).get(block)!;
  before.forEach((block, i) => Object.assign(place(block), { i, before: place(block).before + 1 }));
  after.forEach((block, j) => Object.assign(place(block), { j, after: place(block).after + 1 }));
  const pairs = before.flatMap((block) => {
    const at = places.get(block)!;
    return at.before === 1 && at.after === 1 ? [[at.i, at.j] as [number, number]] : [];
  });
  // tails[k]: the pair ending the best chain of length k + 1 found so far; back links rebuild the longest.
  const tails: number[] = [];
  const back: number[] = [];
  pairs.forEach(([, j], n) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]!]![1] < j) low = mid + 1;
      else high = mid;
    }
    back[n] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = n;
  });
  const chain: [number, number][] = [];
  for (let n = tails.length ? tails[tails.length - 1]! : -1; n >= 0; n = back[n]!) chain.push(pairs[n]!);
  return chain.reverse();
}

/** Changed blocks compared word by word: each with the one in its place when as many replaced them, else all together. */
function changedBlocks(removed: string[], added: string[], deadline: number): string {
  const pairs = removed.length === added.length ? removed.map((block, i) => [block, added[i]!]) : [[removed.join(""), added.join("")]];
  return pairs.map(([old, now]) => diffTokens(htmlTokens(old!), htmlTokens(now!), deadline)).join("");
}

/** A stretch between anchors: matched block by block when short, so repeated blocks that stayed are found too. */
function stretch(removed: string[], added: string[], deadline: number): string {
  if (!removed.length && !added.length) return "";
  if (removed.length + added.length > BLOCK_DIFF_MAX) return changedBlocks(removed, added, deadline);
  let out = "";
  let old: string[] = [];
  let now: string[] = [];
  for (const change of [...diffArrays(removed, added), { value: [] as string[], added: false, removed: false }]) {
    if (change.removed) old.push(...change.value);
    else if (change.added) now.push(...change.value);
    else {
      out += changedBlocks(old, now, deadline) + change.value.join("");
      old = [];
      now = [];
    }
  }
  return out;
}

/**
 * `after` compared with `before`: insertions in <ins>, deletions in <del>, whole words in every script.
 * Blocks (paragraphs, items, rows) that occur once in each version anchor the compare; the blocks between
 * anchors are matched, then the words and tags of the changed ones compared with Myers's algorithm, whose
 * cost grows with the text times its changes, so it only ever sees a few blocks at once. The markup is the
 * newer version's: a deleted tag is dropped and its deleted text kept in <del>. `timeoutMs` bounds the time
 * spent on texts that differ almost everywhere: past it DiffTooComplex is thrown.
 */
export function diffHtml(before: string, after: string, timeoutMs?: number): string {
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  const old = blocks(before).map((block) => block.join(""));
  const now = blocks(after).map((block) => block.join(""));
  let out = "";
  let i = 0;
  let j = 0;
  for (const [at, to] of [...anchors(old, now), [old.length, now.length]]) {
    out += stretch(old.slice(i, at), now.slice(j, to), deadline) + (old[at!] ?? "");
    i = at! + 1;
    j = to! + 1;
  }
  return out;
}
