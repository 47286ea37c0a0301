import type { ErrorDetail } from "../../lib/errors";
import type { MessageKey } from "../../../locales/en";

/** A pragmatic e-mail pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Account limits, for the model, the service and the forms (this file imports no server code: islands use it). */
export const LIMITS = { name: 100, minLogin: 3, login: 64, email: 254, password: 256, minPassword: 8, phone: 32, text: 255 };

type Check = [field: string, value: string | undefined, requiredKey: MessageKey, max: number];

/** Required fields with the spec's messages (translated on the way out), plus length limits. */
export function requireFields(checks: Check[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const [field, value, requiredKey, max] of checks) {
    const text = value?.trim() ?? "";
    if (!text) details.push({ path: `body.${field}`, message: requiredKey, code: requiredKey });
    else if (text.length > max) details.push({ path: `body.${field}`, message: `At most ${max} characters`, code: "validation.tooLong" });
  }
  return details;
}

/** A well-formed address with nothing invisible in it (EMAIL_PATTERN alone lets zero-width characters through). */
export function checkEmail(field: string, value: string | undefined): ErrorDetail[] {
  const text = value?.trim() ?? "";
  return text && (!EMAIL_PATTERN.test(text) || /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(text))
    ? [{ path: `body.${field}`, message: "registration.emailInvalid", code: "registration.emailInvalid" }]
    : [];
}

/** Why a new password is refused, or null; the forms show the rule while it is typed. */
export const passwordProblem = (value: string | undefined): "validation.passwordTooShort" | null =>
  value && value.length < LIMITS.minPassword ? "validation.passwordTooShort" : null;

export function checkPasswordStrength(field: string, value: string | undefined): ErrorDetail[] {
  const problem = passwordProblem(value);
  return problem ? [{ path: `body.${field}`, message: problem, code: problem }] : [];
}

/** A login as it is stored: NFKC (fullwidth and compatibility forms folded), trimmed. */
export const normalizeLogin = (value: string) => value.normalize("NFKC").trim();
/** A login as logins are compared (sign-in, uniqueness, device cookies): normalised, lower case in every script ("Иван" is "иван"). */
export const canonicalLogin = (value: string) => normalizeLogin(value).toLowerCase();
/** Names and other display text: canonical composition only (nothing a person typed is folded away), trimmed. */
export const normalizeText = (value: string) => value.normalize("NFC").trim();
/** An e-mail address: NFKC, trimmed. */
export const normalizeEmail = (value: string) => value.normalize("NFKC").trim();

/**
 * The writing systems a login may use, one per login. Script_Extensions, so that marks shared by
 * scripts (the Japanese prolonged sound mark) count for each; Japanese and Korean mix scripts by nature.
 */
const LOGIN_SCRIPTS: RegExp[] = [
  "Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Hebrew", "Arabic", "Devanagari", "Bengali", "Tamil",
  "Telugu", "Thai", "Ethiopic",
].map((name) => new RegExp(`^\\p{Script_Extensions=${name}}$`, "u"));
LOGIN_SCRIPTS.push(
  /^[\p{Script_Extensions=Han}\p{Script_Extensions=Bopomofo}]$/u,
  /^[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]$/u,
  /^[\p{Script_Extensions=Hangul}\p{Script_Extensions=Han}]$/u,
);

/** Control, format (zero-width, bidi), separator, private and unassigned characters, and default-ignorable ones (fillers, variation selectors). */
const INVISIBLE = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u;
const LOGIN_PUNCTUATION = /^[0-9._-]$/;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** Combining marks of no script of their own (accents, overlays, dots): NFKC has composed the real letters, so what is left decorates look-alikes ("i" + dot above). */
const INHERITED = /^\p{Script=Inherited}$/u;

/**
 * Why a (normalised) login is refused, or null: letters of one writing system plus ASCII digits and
 * . _ -, nothing invisible, no symbols or spaces, at least one letter or digit, at least LIMITS.minLogin
 * characters (the upper limit is the field's length check). Mixed scripts are how "аdmin" with a
 * Cyrillic а passes for "admin".
 */
export function loginProblem(login: string): "registration.loginInvalid" | "registration.loginMixedScripts" | "registration.loginTooShort" | null {
  const letters: string[] = [];
  for (const char of login) {
    if (LOGIN_PUNCTUATION.test(char)) continue;
    if (INVISIBLE.test(char) || INHERITED.test(char) || !LETTER_OR_MARK.test(char)) return "registration.loginInvalid";
    letters.push(char);
  }
  if (!/[0-9\p{L}]/u.test(login)) return "registration.loginInvalid";
  if ([...login].length < LIMITS.minLogin) return "registration.loginTooShort";
  if (!letters.length || LOGIN_SCRIPTS.some((script) => letters.every((char) => script.test(char)))) return null;
  // Letters that no allowed script covers (a combining mark on its own) versus letters of two scripts.
  return letters.every((char) => LOGIN_SCRIPTS.some((script) => script.test(char))) ? "registration.loginMixedScripts" : "registration.loginInvalid";
}

export function checkLogin(field: string, value: string | undefined): ErrorDetail[] {
  const problem = value ? loginProblem(value) : null;
  return problem ? [{ path: `body.${field}`, message: problem, code: problem }] : [];
}

/** Line breaks and other control characters, and the bidi controls that make text read differently from how it is stored. */
const CONTROL_IN_TEXT = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Display text (names, position, company, phone) holds no control characters. */
export function checkText(field: string, value: string | null | undefined): ErrorDetail[] {
  return value && CONTROL_IN_TEXT.test(value)
    ? [{ path: `body.${field}`, message: "validation.controlCharacters", code: "validation.controlCharacters" }]
    : [];
}

/** checkText over the optional fields registration and the profile share. */
export const checkOptionalPersonText = (input: { phoneNumber?: string | null; position?: string | null; company?: string | null }) => [
  ...checkText("phoneNumber", input.phoneNumber),
  ...checkText("position", input.position),
  ...checkText("company", input.company),
];
