import { eachWord, stemsOf, wordsOf } from "./fulltext-stems";

/** Words a snippet shows: a few before the first match, the rest after. */
const WINDOW = 30;
const BEFORE = 8;

/**
 * How a word or a stem opens: its first two letters, lower case, without accents (ё as е). A stem opens as its
 * word does (the stemmers cut endings; the Spanish one also drops accents), so a word whose opening is no query
 * stem's is passed over without being stemmed: most words of a text are. A one-letter stem opens with that letter.
 */
const opening = (text: string) =>
  text
    .slice(0, 2)
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * A short piece of `body` around its first word that shares a stem with the query, as escaped text
 * in which only the <mark>…</mark> around each such word is markup (islands/search/highlight.ts
 * turns it into nodes). Every form of a query word is marked, as the index found it by its stem.
 */
export function snippetOf(body: string, queryStems: ReadonlySet<string>): string {
  const starts = new Set([...queryStems].map(opening));
  const mayHit = (open: string) => starts.has(open) || starts.has(open.slice(0, 1));
  const hit = (word: string) => mayHit(opening(word)) && stemsOf(word).some((stem) => queryStems.has(stem));
  const { shown, start, more } = windowOf(body, hit);
  if (!shown.length) return "";
  const from = shown[0]!.at;
  const last = shown[shown.length - 1]!;
  const to = more ? last.at + last.word.length : body.length;
  let out = start > 0 ? "… " : "";
  let at = from;
  for (const { word, at: wordAt } of shown) {
    if (!hit(word)) continue;
    out += `${escapeHtml(body.slice(at, wordAt))}<mark>${escapeHtml(word)}</mark>`;
    at = wordAt + word.length;
  }
  return out + escapeHtml(body.slice(at, to)) + (to < body.length ? " …" : "");
}

/**
 * The words a snippet shows: from BEFORE words ahead of the first hit (from the start when none),
 * WINDOW at most; `start` is the first one's place among all, `more` whether words follow. Reads the
 * text only as far as that: a 3,000-character body is not stemmed word by word to its end.
 */
function windowOf(body: string, hit: (word: string) => boolean) {
  const shown: { word: string; at: number }[] = [];
  let index = 0;
  let start = -1;
  for (const { 0: word, index: at } of eachWord(body)) {
    if (start < 0) {
      shown.push({ word, at });
      if (shown.length > BEFORE + 1) shown.shift();
      if (hit(word)) start = index + 1 - shown.length;
    } else if (shown.length < WINDOW) shown.push({ word, at });
    else return { shown, start, more: true };
    index++;
  }
  if (start >= 0) return { shown, start, more: false };
  const all = wordsOf(body);
  return { shown: all.slice(0, WINDOW), start: 0, more: all.length > WINDOW };
}
