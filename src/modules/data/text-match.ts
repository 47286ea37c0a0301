import { and, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { wordsOfTerm } from "../../lib/text-fold";

/** `term` for LIKE with its `%`, `_` and the escape character taken literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE's pattern for `term` anywhere, with the user's `%`, `_` and the escape character taken literally. */
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

const caseForms = (ch: string) => [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((v) => [...v].length === 1);
const globChar = (ch: string) => {
  if (ch === "*" || ch === "?" || ch === "[") return `[${ch}]`;
  const forms = caseForms(ch);
  return forms.length > 1 ? `[${forms.join("")}]` : ch;
};

/**
 * GLOB patterns that together find `term` anywhere, ignoring case in every script: each cased
 * letter becomes a class of its forms and GLOB's own `*`, `?` and `[` one-character classes.
 * The first letter is spelt out once per form instead, because a pattern whose first character
 * is literal lets SQLite skip ahead to it, about twice as fast as trying a class at every position.
 */
export const containsPatterns = (term: string): string[] => casePatterns(term, "*");

/** casePatterns("Ab", "*") is ["*A[bB]*", "*a[bB]*"]; with "" the GLOBs match the whole text. */
function casePatterns(term: string, around: "*" | ""): string[] {
  const [first = "", ...rest] = [...term];
  const tail = `${rest.map(globChar).join("")}${around}`;
  const heads = first === "*" || first === "?" || first === "[" ? [globChar(first)] : caseForms(first);
  return heads.map((head) => `${around}${head}${tail}`);
}

/** Letters outside ASCII that have case (Cyrillic, accented Latin): SQLite's LIKE folds ASCII only. */
const hasNonAsciiCase = (term: string) => [...term].some((ch) => ch > "\x7f" && ch.toLowerCase() !== ch.toUpperCase());

/**
 * `column` contains `term`, ignoring case. LIKE with escaped wildcards serves ASCII terms (about
 * three times faster than GLOBs of letter classes); terms with letters of other scripts use the
 * GLOBs, so «кан» finds «Кандидат».
 */
export function contains(column: SQLWrapper, term: string): SQL {
  if (!hasNonAsciiCase(term)) return sql`${column} LIKE ${likePattern(term)} ESCAPE '\\'`;
  return or(...containsPatterns(term).map((pattern) => sql`${column} GLOB ${pattern}`))!;
}

/** `column` is `term`, ignoring case as contains() does. */
export function equalsIgnoringCase(column: SQLWrapper, term: string): SQL {
  if (!hasNonAsciiCase(term)) return sql`${column} LIKE ${escapeLike(term)} ESCAPE '\\'`;
  return or(...casePatterns(term, "").map((pattern) => sql`${column} GLOB ${pattern}`))!;
}

export const fold = (text: string) => text.trim().toLowerCase();
export const hasNonAscii = (text: string) => /[\u0080-\uffff]/.test(text);

/** `column` holds every word of `term`, in any order, each ignoring case as contains() does: name search. */
export const containsEvery = (column: SQLWrapper, term: string): SQL => and(...wordsOfTerm(term).map((word) => contains(column, word)))!;
