/**
 * A labelled number field that keeps exactly what was typed (type text, a decimal keyboard), read by the
 * shared reader (src/lib/numbers) in the page's locale: beside it, what the text reads as when that
 * differs from the text ("1234,5" shows "= 1 234,5") and, once the field is left or its form checked,
 * why it is not a number. The text is the parent's state; readNumber() gives the number it holds.
 */
import { type Ref, useState } from "react";
import type { MessageKey } from "../../../locales/en";
import { formatNumber, type NumberProblem, type NumberRules, parseNumber } from "../../../src/lib/numbers";
import { type Strings, useT } from "./i18n";

export interface NumberFieldRules extends NumberRules {
  required?: boolean;
}

/** The number a text holds: a number, null when empty and allowed to be, or the problem. */
export function readNumber(text: string, locale: string, rules: NumberFieldRules = {}): { value: number | null } | { problem: NumberProblem } {
  const read = parseNumber(text, locale, rules);
  if (read.ok) return { value: read.value };
  return read.problem === "empty" && !rules.required ? { value: null } : { problem: read.problem };
}

/** The translated reason a text is not the number a field wants. */
function numberProblemText({ tf, locale }: Strings, problem: NumberProblem, rules: NumberRules = {}): string {
  const bound = (n: number | undefined) => (n === undefined ? "" : formatNumber(n, locale));
  return tf(`common.number.${problem}` as MessageKey, { min: bound(rules.min), max: bound(rules.max) });
}

interface Props extends NumberFieldRules {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  name?: string;
  /** Set once the form was checked: the refusal shows without the field having been left. */
  checked?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  /** The label read out but not shown, where a table's column already says it. */
  labelHidden?: boolean;
}

export function NumberField({ id, label, value, onChange, name, checked, inputRef, placeholder, labelHidden, ...rules }: Props) {
  const strings = useT();
  const [left, setLeft] = useState(false);
  const read = readNumber(value, strings.locale, rules);
  const understood = "value" in read && read.value !== null ? formatNumber(read.value, strings.locale) : "";
  const refusal = "problem" in read && (left || checked) ? numberProblemText(strings, read.problem, rules) : "";
  return (
    <div className="field">
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        placeholder={placeholder}
        type="text"
        inputMode={rules.whole ? "numeric" : "decimal"}
        autoComplete="off"
        spellCheck={false}
        required={rules.required}
        value={value}
        aria-invalid={Boolean(refusal)}
        aria-describedby={`${id}-understood ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setLeft(true)}
      />
      <span className="number-input__hint" id={`${id}-understood`} aria-live="polite">
        {understood && understood !== value.trim() ? strings.tf("common.number.understood", { value: understood }) : ""}
      </span>
      <span className="field__error number-input__error" id={`${id}-error`}>
        {refusal}
      </span>
    </div>
  );
}
