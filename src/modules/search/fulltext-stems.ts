import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as russian } from "@orama/stemmers/russian";
import { stemmer as spanish } from "@orama/stemmers/spanish";

/** A word: a run of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/** A word in the one form stemming starts from: lower case, ё as е, accents kept (the Spanish stemmer reads them). */
const fold = (word: string) => word.toLocaleLowerCase().replaceAll("ё", "е");

/**
 * The stems of one word, by its script: Cyrillic through the Russian stemmer; Latin through the
 * Spanish and the English ones (a text may be either, and both stems are kept); anything else
 * (digits, other scripts) as it is.
 */
export function stemsOf(word: string): string[] {
  const folded = fold(word);
  if (CYRILLIC.test(folded)) return [russian(folded)];
  if (LATIN.test(folded)) {
    const en = english(folded);
    const es = spanish(folded);
    return en === es ? [en] : [en, es];
  }
  return [folded];
}

/** The words of a text, in order, with where each starts (UTF-16 index), for stems and snippets. */
export const wordsOf = (text: string) => [...text.matchAll(WORD)].map((m) => ({ word: m[0], at: m.index }));

/** What the index stores for a text: every word's stems, separated by spaces. */
export const stemmedText = (text: string) => wordsOf(text).flatMap(({ word }) => stemsOf(word)).join(" ");
