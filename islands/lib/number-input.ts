import type { MessageKey } from "../../locales/en";
import { formatNumber, type NumberProblem, type NumberRules, parseNumber } from "../../src/lib/numbers";
import { element } from "./dom";
import { locale, tf } from "./i18n";

/** A number field's options: the number's rules and whether it may be left empty. */
export interface NumberOptions extends NumberRules {
  required?: boolean;
  /** Where the refusal is written; a `.field__error` after the field when not given. */
  error?: HTMLElement;
  /** The refusal's words, when the field has its own (numberProblemText otherwise). */
  describe?: (problem: NumberProblem) => string;
}

export interface NumberInput {
  /** The number typed, null when the field is empty and may be; undefined once it has shown why it is none. */
  read(): number | null | undefined;
}

let made = 0;

/** The translated reason a text is not the number a field wants. */
function numberProblemText(problem: NumberProblem, rules: NumberRules = {}): string {
  const bound = (n: number | undefined) => (n === undefined ? "" : formatNumber(n, locale()));
  return tf(`common.number.${problem}` as MessageKey, { min: bound(rules.min), max: bound(rules.max) });
}

/**
 * Turns an input into a number field that keeps exactly what was typed (type text, a decimal keyboard):
 * beside it, what the text reads as in the page's locale when that differs from the text ("1234,5" shows
 * "= 1 234,5") and, once the field is left or read, why it is not a number (src/lib/numbers).
 */
export function numberInput(input: HTMLInputElement, options: NumberOptions = {}): NumberInput {
  input.type = "text";
  input.inputMode = options.whole ? "numeric" : "decimal";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.id ||= `number-input-${++made}`;
  const hint = element("span", "number-input__hint");
  hint.id = `${input.id}-understood`;
  hint.setAttribute("aria-live", "polite");
  input.after(hint);
  let error = options.error;
  if (!error) {
    error = element("span", "field__error number-input__error");
    error.id = `${input.id}-error`;
    hint.after(error);
  }
  const described = new Set((input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  input.setAttribute("aria-describedby", [...described.add(hint.id).add(error.id)].join(" "));
  const shownError = error;

  const reading = () => parseNumber(input.value, locale(), options);
  const refuse = (text: string | null) => {
    shownError.textContent = text ?? "";
    if (text) shownError.hidden = false;
    input.setAttribute("aria-invalid", String(Boolean(text)));
  };
  /** Refreshes the hint; a refusal is written only when `final` (left or read), and cleared once the text is fine. */
  const show = (final: boolean) => {
    const read = reading();
    const understood = read.ok ? formatNumber(read.value, locale()) : "";
    hint.textContent = understood && understood !== input.value.trim() ? tf("common.number.understood", { value: understood }) : "";
    const blank = !read.ok && read.problem === "empty" && !options.required;
    if (read.ok || blank) refuse(null);
    else if (final) refuse(options.describe?.(read.problem) ?? numberProblemText(read.problem, options));
    return read.ok ? read.value : blank ? null : undefined;
  };
  input.addEventListener("input", () => show(false));
  input.addEventListener("change", () => show(true));
  if (input.value) show(false);
  return { read: () => show(true) };
}
