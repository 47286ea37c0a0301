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
  let out = "";
  for (const letter of text) {
    const lower = letter.toLowerCase();
    out += lower.length === letter.length ? lower : letter;
  }
  return out.replace(YO, "е");
}

/** Every place where `term` occurs in `text` as [start, end), folded; any run of spaces in `term` matches any run in `text`. */
export function findMatches(text: string, term: string): [number, number][] {
  const words = foldText(term).trim().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "g");
  return Array.from(foldText(text).matchAll(pattern), (match) => [match.index, match.index + match[0].length]);
}
