/**
 * Numbers as people type and read them, shared by the browser and the server (no server imports).
 *
 * Reading (parseNumber), per the reader's locale:
 * - en: "." is the decimal point, "," groups thousands ("1,234.5").
 * - ru: "," or "." is the decimal separator, a space, no-break space or narrow no-break space groups
 *   thousands ("1 234,5").
 * - es: "," or "." is the decimal separator; "." groups thousands only where it cannot be a decimal
 *   point: before a decimal comma ("1.234,5") or repeated ("1.234.567"). A lone "." followed by exactly
 *   three digits after one to three digits ("1.234", "12.345") could be either, so it is refused as
 *   `ambiguous` and the reader is asked to write 1234 or 1,234.
 * Everywhere: a leading "-", "−" or "+", an exponent ("1,5e-3"), groups of exactly three digits before the
 * decimal separator only. Nothing is rounded or dropped: digits a double cannot hold are `too_precise`.
 *
 * Writing (formatNumber) gives the shortest digits that read back to the same double, laid out for the
 * locale; es writes 10000-999999 without a group mark, since "12.345" would read as ambiguous.
 */

export type NumberProblem = "empty" | "not_a_number" | "misplaced_group" | "ambiguous" | "out_of_range" | "too_precise" | "not_whole" | "too_small" | "too_large";

export type NumberReading = { ok: true; value: number } | { ok: false; problem: NumberProblem };

/** Limits a field may put on its number; a refusal names which one failed. */
export interface NumberRules {
  whole?: boolean;
  min?: number;
  max?: number;
}

interface Syntax {
  decimals: string;
  groups: string;
  /** The decimal separator and group mark written, and the fewest integer digits that get group marks. */
  point: string;
  mark: string;
  groupFrom: number;
  /** es: "." is a decimal point or a group mark, decided by the text around it. */
  dotGroups: boolean;
}

const SYNTAX: Record<string, Syntax> = {
  en: { decimals: ".", groups: ",", point: ".", mark: ",", groupFrom: 4, dotGroups: false },
  ru: { decimals: ",.", groups: " \u00a0\u202f", point: ",", mark: "\u00a0", groupFrom: 4, dotGroups: false },
  es: { decimals: ",.", groups: "", point: ",", mark: ".", groupFrom: 5, dotGroups: true },
  // Machine text (files): no group marks, a decimal point only, or a comma as well.
  point: { decimals: ".", groups: "", point: ".", mark: "", groupFrom: Infinity, dotGroups: false },
  comma: { decimals: ",.", groups: "", point: ",", mark: "", groupFrom: Infinity, dotGroups: false },
};

/** The syntax of a locale ("ru-RU" is ru), of "point" or "comma" text, else en. */
const syntaxOf = (locale: string) => SYNTAX[locale] ?? SYNTAX[locale.slice(0, 2).toLowerCase()] ?? SYNTAX.en;

const MINUS = "-\u2212";
const EXPONENT = /^(.*?)[eE]([+\-\u2212]?)(\d{1,4})$/s;
const fail = (problem: NumberProblem): NumberReading => ({ ok: false, problem });

const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&");

/** The integer digits without their group marks, when the marks stand every three digits. */
function ungroup(integer: string, marks: string): string | undefined {
  if (!marks) return integer;
  const chunks = integer.split(new RegExp(`[${escapeClass(marks)}]`));
  if (chunks.length === 1) return integer;
  const [head, ...rest] = chunks;
  if (!/^[1-9]\d{0,2}$/.test(head) || !rest.every((chunk) => /^\d{3}$/.test(chunk))) return undefined;
  return chunks.join("");
}

/** Splits the mantissa into integer and fraction per the locale, or says why it cannot. */
function splitMantissa(text: string, syntax: Syntax, hasExponent: boolean): { integer: string; fraction: string } | NumberProblem {
  let groups = syntax.groups;
  let decimals = syntax.decimals;
  if (syntax.dotGroups) {
    const dots = text.split(".").length - 1;
    if (text.includes(",") || dots > 1) {
      groups = ".";
      decimals = ",";
    } else if (dots === 1 && !hasExponent && /^[1-9]\d{0,2}\.\d{3}$/.test(text)) return "ambiguous";
  }
  const allowed = new RegExp(`^[0-9${escapeClass(groups + decimals)}]+$`);
  if (!allowed.test(text)) return "not_a_number";
  const at = [...text].findIndex((c) => decimals.includes(c));
  const integer = at < 0 ? text : text.slice(0, at);
  const fraction = at < 0 ? "" : text.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(fraction)) return [...fraction].some((c) => groups.includes(c)) ? "misplaced_group" : "not_a_number";
  if (!integer && !fraction) return "not_a_number";
  const digits = ungroup(integer, groups);
  if (digits === undefined) return "misplaced_group";
  return { integer: digits, fraction };
}

/** The significant digits of a digit string: no leading or trailing zeros. */
const significant = (digits: string) => digits.replace(/^0+/, "").replace(/0+$/, "");

/** Reads a number as the reader of `locale` writes it; refuses anything else with a reason. */
export function parseNumber(input: string, locale: string, rules: NumberRules = {}): NumberReading {
  const text = input.trim();
  if (!text) return fail("empty");
  const syntax = syntaxOf(locale);
  let body = text;
  let negative = false;
  if (MINUS.includes(body[0]) || body[0] === "+") {
    negative = body[0] !== "+";
    body = body.slice(1);
  }
  const exponent = EXPONENT.exec(body);
  if (exponent) body = exponent[1];
  const parts = splitMantissa(body, syntax, Boolean(exponent));
  if (typeof parts === "string") return fail(parts);
  const power = exponent ? `e${exponent[2] && exponent[2] !== "+" ? "-" : ""}${exponent[3]}` : "";
  const canonical = `${negative ? "-" : ""}${parts.integer || "0"}.${parts.fraction || "0"}${power}`;
  const value = Number(canonical);
  const typed = significant(parts.integer + parts.fraction);
  if (!Number.isFinite(value) || (value === 0 && typed)) return fail("out_of_range");
  if (typed !== significant(shortestDigits(value).digits)) return fail("too_precise");
  if (rules.whole && !Number.isInteger(value)) return fail("not_whole");
  if (rules.min !== undefined && value < rules.min) return fail("too_small");
  if (rules.max !== undefined && value > rules.max) return fail("too_large");
  return { ok: true, value };
}

/** The shortest digits that read back as `value`, and the power of ten of the first one. */
function shortestDigits(value: number): { digits: string; exponent: number } {
  const [mantissa, power] = Math.abs(value).toExponential().split("e");
  return { digits: mantissa.replace(".", ""), exponent: Number(power) };
}

/** `value` as the reader of `locale` writes it, with every digit it needs; `grouping: false` leaves out group marks. */
export function formatNumber(value: number, locale: string, options: { grouping?: boolean } = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const syntax = syntaxOf(locale);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const { digits, exponent } = shortestDigits(value);
  if (exponent >= 21 || exponent < -6) {
    const fraction = digits.slice(1);
    return `${sign}${digits[0]}${fraction ? syntax.point + fraction : ""}E${exponent}`;
  }
  const integerDigits = exponent < 0 ? "0" : digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = exponent < 0 ? "0".repeat(-exponent - 1) + digits : digits.slice(exponent + 1);
  let integer = integerDigits;
  const grouped = options.grouping !== false && integer.length >= syntax.groupFrom;
  // es: one group mark and no fraction would read as a decimal point ("12.345"), so such a number has none.
  const clear = !syntax.dotGroups || fraction || integer.length > 6;
  if (grouped && clear) integer = integer.replace(/\B(?=(\d{3})+$)/g, syntax.mark);
  return `${sign}${integer}${fraction ? syntax.point + fraction : ""}`;
}

/**
 * Whether a table cell's text is stored as a number, the one rule for typing into a cell and for
 * importing (`locale` "point" or "comma" for files): it must read as a number, and writing that number
 * back must keep what was typed, so text with leading zeros ("007"), without a digit before its decimal
 * separator (",5") or with more digits than a number holds (a 20-digit account) stays text.
 */
export function cellNumber(text: string, locale: string): number | undefined {
  const reading = parseNumber(text, locale);
  if (!reading.ok || /^[+\-\u2212]?(?:0\d|[^\d+\-\u2212])/.test(text.trim())) return undefined;
  return reading.value;
}
