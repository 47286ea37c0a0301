import { stemmer as russian } from "@orama/stemmers/russian";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemEnglish } from "./stem-english";

/**
 * The stemmers, each giving the reference Snowball stem of a lower-case word (stems.test.ts): English
 * (Porter2) our own, Russian and Spanish from @orama/stemmers.
 */
export const stemmers = { english: stemEnglish, russian, spanish };

/**
 * Which stems the index holds; raise it with any change that gives a word other stems, and every indexed
 * text is stemmed again at the next start (fulltext-restem.ts). 1: Porter 1 for English; 2: Porter2.
 */
export const STEMS_VERSION = 2;

/** A word: a run of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The function words that are in nearly every Russian, Spanish or English text: neither indexed nor
 * looked for (a query of only these finds nothing). Compared in their folded form.
 */
const STOP_WORDS = new Set(
  [
    "и в во не на с со что по к ко из за от для о об а но до же ли бы то у это как",
    "de la que el en y a los las del se por un una para con no su al lo es o",
    "the of and to in a is that for on with as by at it be this from or are an was were",
  ].flatMap((line) => line.split(" ")),
);

/** A word in the one form stemming starts from: lower case, ё as е, accents kept (the Spanish stemmer reads them). */
const fold = (word: string) => word.toLocaleLowerCase().replaceAll("ё", "е");

/** Stems already worked out, by word as written: a text repeats its words, and the snippets stem the same ones again. */
const known = new Map<string, string[]>();
const KNOWN_MAX = 50_000;

function stemsOfFolded(folded: string): string[] {
  if (STOP_WORDS.has(folded)) return [];
  if (CYRILLIC.test(folded)) return [stemmers.russian(folded)];
  if (LATIN.test(folded)) {
    const en = stemmers.english(folded);
    const es = stemmers.spanish(folded);
    return en === es ? [en] : [en, es];
  }
  return [folded];
}

/**
 * The stems of one word, by its script: Cyrillic through the Russian stemmer; Latin through the
 * Spanish and the English ones (a text may be either, and both stems are kept); anything else
 * (digits, other scripts) as it is. A stop word has none.
 */
export function stemsOf(word: string): string[] {
  let stems = known.get(word);
  if (!stems) {
    if (known.size >= KNOWN_MAX) known.clear();
    stems = stemsOfFolded(fold(word));
    known.set(word, stems);
  }
  return stems;
}

/** The words of a text, one by one as they are read: each match's [0] is the word, index where it starts. */
export const eachWord = (text: string) => text.matchAll(WORD);

/** The words of a text, in order, with where each starts (UTF-16 index), for stems and snippets. */
export const wordsOf = (text: string) => [...eachWord(text)].map((m) => ({ word: m[0], at: m.index }));

/** What the index stores for a text: every word's stems (none for the stop words), separated by spaces. */
export const stemmedText = (text: string) => wordsOf(text).flatMap(({ word }) => stemsOf(word)).join(" ");
