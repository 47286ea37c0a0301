/**
 * The word diff of two HTML texts, for every script: the document page's version compare (loaded with
 * import() only when versions are compared) and the wiki's compare page (on the server). No DOM.
 */
import htmldiff from "htmldiff-js";

type HtmlDiff = { execute(before: string, after: string): string };

/** A word of any script: letters, their marks and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** htmldiff-js takes only [A-Za-z0-9_] for word letters; other words are handed over as such stand-ins. */
const STAND_IN = /plx(\d+)q/g;
const needsStandIn = (word: string) => !/^[A-Za-z0-9]+$/.test(word) || word.includes("plx");
/** The text between tags (tags and their attributes are left alone). */
const TEXT = /(?<=^|>)[^<]+/g;

/**
 * `after` compared with `before`: insertions in <ins>, deletions in <del>, word by word in every script.
 * htmldiff-js would cut Cyrillic, Greek or accented words into single letters («март[е и апрел]е»), so
 * each such word is swapped for an ASCII stand-in before the diff and back after it. A text that
 * already holds something shaped like a stand-in has that word swapped too, so none is mistaken.
 */
export function diffHtml(before: string, after: string): string {
  // The package is CommonJS with an ES default inside; bundlers hand it over either way.
  const module = htmldiff as unknown as HtmlDiff & { default?: HtmlDiff };
  const engine = typeof module.execute === "function" ? module : module.default!;
  const words: string[] = [];
  const numbers = new Map<string, number>();
  const encode = (html: string) =>
    html.replace(TEXT, (text) =>
      text.replace(WORD, (word) => {
        if (!needsStandIn(word)) return word;
        let n = numbers.get(word);
        if (n === undefined) numbers.set(word, (n = words.push(word) - 1));
        return `plx${n}q`;
      }),
    );
  const diff = engine.execute(encode(before), encode(after));
  return diff.replace(TEXT, (text) => text.replace(STAND_IN, (stand, n: string) => words[Number(n)] ?? stand));
}
