/**
 * A calculation's limits and the contract of its script, written once for the model, the service, the
 * sandbox and the viewer (no imports: islands use this file).
 *
 * The script defines `function main(props)`; `props` holds one number per declared prop, by its
 * variable (`props.width`). What main returns is shown as:
 * - a string: HTML, sanitised on the server (setting `calcResult`);
 * - an array of objects, or `{ headers, rows }`: a table;
 * - anything else: its JSON text (a number reads as itself). A promise is awaited first.
 */
export const CALC_LIMITS = {
  /** The script's size in UTF-8 bytes. */
  scriptBytes: 100 * 1024,
  props: 50,
  variable: 64,
  propName: 255,
  /** An input's unit ("m", "kN/m²"), shown beside its label. */
  unit: 20,
  /** How long one invocation may run (QuickJS's interrupt handler; the worker is ended a little later as a backstop). */
  timeMs: 1000,
  /** QuickJS's heap per invocation. */
  memoryBytes: 32 * 1024 * 1024,
  /** QuickJS's stack per invocation: recursion without end stops here with "stack overflow". */
  stackBytes: 512 * 1024,
  /** The result's size (HTML or JSON text), in characters. */
  resultChars: 1024 * 1024,
  /** A table result's columns and rows. */
  columns: 100,
  rows: 10_000,
} as const;

/** The script a new calculation starts with (spec 2: an empty main function). */
export const DEFAULT_SCRIPT = "function main(props) {\n}\n";

/** One numeric input of a calculation: the variable main reads, the label people see, and optionally the number it starts with and its unit. */
export interface CalcProp {
  variable: string;
  name: string;
  value?: number;
  unit?: string;
}

/** A variable is a JavaScript identifier (letters, digits, _ and $, not starting with a digit). */
const VARIABLE_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The complaint about the prop at `index` of `all` (a locales key under calc.), or undefined when it is fine. */
export function propProblem(prop: CalcProp, index: number, all: CalcProp[]): "calc.variableInvalid" | "calc.variableTaken" | "calc.nameRequired" | "calc.unitTooLong" | undefined {
  if (!VARIABLE_PATTERN.test(prop.variable) || prop.variable.length > CALC_LIMITS.variable || prop.variable === "__proto__") return "calc.variableInvalid";
  if (all.some((other, i) => i !== index && other.variable === prop.variable)) return "calc.variableTaken";
  if (!prop.name.trim() || prop.name.length > CALC_LIMITS.propName) return "calc.nameRequired";
  if ((prop.unit?.length ?? 0) > CALC_LIMITS.unit) return "calc.unitTooLong";
  return undefined;
}

/**
 * A prop as stored: variable and trimmed name, a finite default `value` and a trimmed `unit` when it
 * has them, nothing else. A default that is no finite number (JSON has no other) is dropped.
 */
export function cleanProp(p: Partial<Record<keyof CalcProp, unknown>> | null | undefined): CalcProp {
  const prop: CalcProp = { variable: typeof p?.variable === "string" ? p.variable : "", name: typeof p?.name === "string" ? p.name.trim() : "" };
  if (typeof p?.value === "number" && Number.isFinite(p.value)) prop.value = p.value;
  const unit = typeof p?.unit === "string" ? p.unit.trim() : "";
  if (unit) prop.unit = unit;
  return prop;
}

/** A calculation's stored props (JSON text), as a list; anything else reads as no props. */
export function readProps(text: string | null | undefined): CalcProp[] {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter((p): p is CalcProp => typeof p?.variable === "string" && typeof p?.name === "string").map(cleanProp);
  } catch {
    return [];
  }
}
