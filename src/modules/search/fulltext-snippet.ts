import { stemsOf, wordsOf } from "./fulltext-stems";

/** Words a snippet shows: a few before the first match, the rest after. */
const WINDOW = 30;
const BEFORE = 8;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * A short piece of `body` around its first word that shares a stem with the query, as escaped text
 * in which only the <mark>…</mark> around each such word is markup (islands/search/highlight.ts
 * turns it into nodes). Every form of a query word is marked, as the index found it by its stem.
 */
export function snippetOf(body: string, queryStems: ReadonlySet<string>): string {
  const words = wordsOf(body);
  const hit = (word: string) => stemsOf(word).some((stem) => queryStems.has(stem));
  const first = Math.max(0, words.findIndex(({ word }) => hit(word)));
  const start = Math.max(0, first - BEFORE);
  const shown = words.slice(start, start + WINDOW);
  if (!shown.length) return "";
  const from = shown[0]!.at;
  const last = shown[shown.length - 1]!;
  const to = start + WINDOW >= words.length ? body.length : last.at + last.word.length;
  let out = start > 0 ? "… " : "";
  let at = from;
  for (const { word, at: wordAt } of shown) {
    if (!hit(word)) continue;
    out += `${escapeHtml(body.slice(at, wordAt))}<mark>${escapeHtml(word)}</mark>`;
    at = wordAt + word.length;
  }
  return out + escapeHtml(body.slice(at, to)) + (to < body.length ? " …" : "");
}
