/**
 * How text search compares letters, written once for the document viewer's search and any server search:
 * case does not matter, and neither does е/ё (Russian readers treat them as one letter, and most texts
 * write е for both). No imports, so islands use it as the server does.
 */

const YO = /[ёЁ]/g;

/**
 * `text` lower-cased with ё as е, letter for letter: the result has exactly the length of `text`, so a
 * position in it is the same position in `text` (a letter whose lower case is longer, such as İ, stays).
 */
export function foldText(text: string): string {
  // Lower case never shortens a letter, so a result as long as the text has every letter in its place.
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower.replace(YO, "е");
  let out = "";
  for (const letter of text) {
    const lower = letter.toLowerCase();
    out += lower.length === letter.length ? lower : letter;
  }
  return out.replace(YO, "е");
}

/** The distinct words of `term`, as typed (at most `max`: the rest add nothing a person would miss in a name). */
export const wordsOfTerm = (term: string, max = 10) => [...new Set(term.trim().split(/\s+/).filter(Boolean))].slice(0, max);

/** A word's first letters, enough to find its other forms too ("bearings" finds "bearing"), as the search's stems do. */
export const wordStart = (word: string) => (word.length > 5 ? word.slice(0, Math.max(5, word.length - 2)) : word);

/** `text` holds every word of `term`, in any order, folded as foldText folds: "bearings span" is in "Inspect the bearings on span 2". */
export function hasEveryWord(text: string, term: string): boolean {
  const folded = foldText(text);
  return wordsOfTerm(term).every((word) => folded.includes(foldText(word)));
}

/**
 * A finder of `term` in texts: every place it occurs, as [start, end), folded; any run of spaces in
 * `term` matches any run in the text. Made once per term, used on as many texts as needed.
 */
export function matcherFor(term: string): (text: string) => [number, number][] {
  const words = foldText(term).trim().split(/\s+/).filter(Boolean);
  if (!words.length) return () => [];
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "g");
  return (text) => Array.from(foldText(text).matchAll(pattern), (match) => [match.index, match.index + match[0].length]);
}

/** Every place where `term` occurs in `text`, as [start, end) (one text; `matcherFor` for many). */
export const findMatches = (text: string, term: string): [number, number][] => matcherFor(term)(text);

/** Combining marks left by NFD: the accents of "México" and the breve of "й", taken off by foldName. */
const MARKS = /\p{M}/gu;

/**
 * A place name as the gazetteer compares it: folded as foldText folds, accents off ("Málaga" is "malaga",
 * "Ñuñoa" is "nunoa"), й kept apart from и (Russian spells them as two letters), any run of spaces, hyphens
 * or apostrophes as one space. Not position-preserving; for matching whole names and their starts.
 */
export function foldName(name: string): string {
  const kept = foldText(name).replace(/й/g, "\ue000");
  return kept
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(/\ue000/g, "й")
    .replace(/[\s\-‐‑–—'’ʼ`]+/g, " ")
    .trim();
}
