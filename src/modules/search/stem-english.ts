// The English (Porter2) stemmer as the Snowball project defines it, for words already in lower case.
// Letters outside a-z count as consonants, as in the reference implementation. The steps and their
// names follow the published algorithm, so each can be checked against its description.

/** Whole words with a stem of their own, looked up before anything else. */
const EXCEPTIONS: Record<string, string> = {
  skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl", gently: "gentl", ugly: "ugli",
  early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe", atlas: "atlas",
  cosmos: "cosmos", bias: "bias", andes: "andes",
};
/** Words left as they are once step 1a has taken their plural off. */
const AFTER_1A = new Set(["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"]);
/** Beginnings whose R1 starts right after them, so that 'generous' and 'general' keep apart. */
const R1_PREFIXES = ["gener", "commun", "arsen"];

const isVowel = (c: string | undefined) => c !== undefined && "aeiouy".includes(c);
/** A short syllable ends at `end`: consonant, vowel, consonant other than w, x or Y; or a word opening with vowel and consonant. */
function shortSyllableAt(w: string, end: number): boolean {
  const [a, b, c] = [w[end - 3], w[end - 2], w[end - 1]];
  if (end >= 3 && !isVowel(a) && isVowel(b) && !isVowel(c) && !"wxY".includes(c!)) return true;
  return end === 2 && isVowel(b) && !isVowel(c);
}

/** Where the region after the first consonant that follows a vowel starts, from `from` on. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  return w.length;
}

class Word {
  constructor(
    public w: string,
    readonly r1: number,
    readonly r2: number,
  ) {}
  /** The longest of `suffixes` the word ends with, if any. */
  longest(suffixes: readonly string[]): string | undefined {
    let found: string | undefined;
    for (const s of suffixes) if (this.w.endsWith(s) && s.length > (found?.length ?? 0)) found = s;
    return found;
  }
  /** Replaces the ending `suffix` (which the word has) with `by`. */
  swap(suffix: string, by = "") {
    this.w = this.w.slice(0, this.w.length - suffix.length) + by;
  }
  /** The ending `suffix` starts inside R1. */
  inR1(suffix: string) {
    return this.w.length - suffix.length >= this.r1;
  }
  /** The ending `suffix` starts inside R2. */
  inR2(suffix: string) {
    return this.w.length - suffix.length >= this.r2;
  }
  /** A vowel occurs in the first `end` letters. */
  vowelBefore(end: number) {
    for (let i = 0; i < end; i++) if (isVowel(this.w[i])) return true;
    return false;
  }
}

function step1a(x: Word) {
  const s = x.longest(["sses", "ied", "ies", "us", "ss", "s"]);
  if (s === "sses") x.swap(s, "ss");
  else if (s === "ied" || s === "ies") x.swap(s, x.w.length > 4 ? "i" : "ie");
  else if (s === "s" && x.vowelBefore(x.w.length - 2)) x.swap(s);
}

const DOUBLES = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];

function step1b(x: Word) {
  const s = x.longest(["eed", "eedly", "ed", "edly", "ing", "ingly"]);
  if (!s) return;
  if (s === "eed" || s === "eedly") {
    if (x.inR1(s)) x.swap(s, "ee");
    return;
  }
  if (!x.vowelBefore(x.w.length - s.length)) return;
  x.swap(s);
  if (["at", "bl", "iz"].some((end) => x.w.endsWith(end))) x.w += "e";
  else if (DOUBLES.some((end) => x.w.endsWith(end))) x.w = x.w.slice(0, -1);
  else if (x.w.length === x.r1 && shortSyllableAt(x.w, x.w.length)) x.w += "e";
}

function step1c(x: Word) {
  const last = x.w.at(-1);
  if ((last === "y" || last === "Y") && x.w.length > 2 && !isVowel(x.w.at(-2))) x.swap(last, "i");
}

const STEP2: Record<string, string> = {
  tional: "tion", enci: "ence", anci: "ance", abli: "able", entli: "ent", izer: "ize", ization: "ize", ational: "ate",
  ation: "ate", ator: "ate", alism: "al", aliti: "al", alli: "al", fulness: "ful", ousli: "ous", ousness: "ous",
  iveness: "ive", iviti: "ive", biliti: "ble", bli: "ble", ogi: "og", fulli: "ful", lessli: "less", li: "",
};

const STEP2_SUFFIXES = Object.keys(STEP2);

function step2(x: Word) {
  const s = x.longest(STEP2_SUFFIXES);
  if (!s || !x.inR1(s)) return;
  const before = x.w.at(-s.length - 1) ?? "";
  if (s === "ogi" && before !== "l") return;
  if (s === "li" && !"cdeghkmnrt".includes(before || "-")) return;
  x.swap(s, STEP2[s]);
}

const STEP3: Record<string, string> = { tional: "tion", ational: "ate", alize: "al", icate: "ic", iciti: "ic", ical: "ic", ful: "", ness: "", ative: "" };

const STEP3_SUFFIXES = Object.keys(STEP3);

function step3(x: Word) {
  const s = x.longest(STEP3_SUFFIXES);
  if (!s || !x.inR1(s) || (s === "ative" && !x.inR2(s))) return;
  x.swap(s, STEP3[s]);
}

const STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion"];

function step4(x: Word) {
  const s = x.longest(STEP4);
  if (!s || !x.inR2(s)) return;
  if (s === "ion" && !"st".includes(x.w.at(-4) || "-")) return;
  x.swap(s);
}

function step5(x: Word) {
  const end = x.w.length - 1;
  if (x.w.endsWith("e") && (x.inR2("e") || (x.inR1("e") && !shortSyllableAt(x.w, end)))) x.swap("e");
  else if (x.w.endsWith("ll") && x.inR2("l")) x.swap("l");
}

const STEPS_AFTER_1A = [step1b, step1c, step2, step3, step4, step5];

/** The Porter2 stem of a lower-case English word. */
export function stemEnglish(word: string): string {
  const exception = EXCEPTIONS[word];
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;
  // A y that starts the word or follows a vowel is a consonant: Y for the steps, y again at the end.
  let w = word.includes("y") ? "" : word;
  if (!w) for (const c of word) w += c === "y" && (w === "" || isVowel(w.at(-1))) ? "Y" : c;
  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const r1 = prefix ? prefix.length : regionAfter(w, 0);
  const x = new Word(w, r1, regionAfter(w, r1));
  step1a(x);
  if (!AFTER_1A.has(x.w)) for (const step of STEPS_AFTER_1A) step(x);
  return x.w.replaceAll("Y", "y");
}
