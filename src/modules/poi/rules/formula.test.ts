import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseFormula } from "./formula";

type Expr = { text: string; value: (v: Map<string, number>) => number };

const names = ["Length", "Width", "Height m", "Площадь"];

/** Random arithmetic with its text and its meaning, computed apart from the parser. */
const expr: fc.Memo<Expr> = fc.memo((depth) => {
  const leaf = fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map((n) => ({ text: String(n), value: () => n })),
    fc.constantFrom(...names).map((name) => ({ text: `[${name}]`, value: (v: Map<string, number>) => v.get(name) ?? 0 })),
  );
  if (depth <= 1) return leaf;
  const op = fc.constantFrom("+", "-", "*", "/");
  return fc.oneof(
    leaf,
    fc.tuple(expr(depth - 1), op, expr(depth - 1)).map(([a, o, b]) => ({
      text: `(${a.text} ${o} ${b.text})`,
      value: (v: Map<string, number>) => {
        const x = a.value(v);
        const y = b.value(v);
        return o === "+" ? x + y : o === "-" ? x - y : o === "*" ? x * y : x / y;
      },
    })),
    expr(depth - 1).map((a) => ({ text: `-${a.text}`, value: (v: Map<string, number>) => -a.value(v) })),
  );
});

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : null);

describe("computed field formulas", () => {
  test("any arithmetic over numbers and [fields] reads back to its own value, rounded to 2 decimals", () => {
    fc.assert(
      fc.property(expr(4), fc.dictionary(fc.constantFrom(...names), fc.double({ min: -1e6, max: 1e6, noNaN: true })), (e, given) => {
        const values = new Map(Object.entries(given));
        const reading = parseFormula(e.text);
        expect(reading.ok).toBe(true);
        if (reading.ok) expect(reading.formula.compute(values)).toBe(round(e.value(values)));
      }),
    );
  });

  test("any text is either read or refused with a position inside it; it never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const reading = parseFormula(text);
        if (!reading.ok) {
          expect(reading.at).toBeGreaterThanOrEqual(0);
          expect(reading.at).toBeLessThanOrEqual(text.length);
        }
      }),
    );
  });

  test("code is not arithmetic: names outside brackets, calls and other operators are refused", () => {
    fc.assert(
      fc.property(fc.constantFrom("alert(1)", "process.exit()", "1; 2", "[a] ** 2", "2 ^ 3", "constructor", "`x`", "1 % 2", "[a] = 1", "this"), expr(2), (code, e) => {
        expect(parseFormula(`${e.text} + ${code}`).ok).toBe(false);
      }),
    );
  });

  test("a missing field counts as 0, division by zero has no value, and the result keeps 2 decimals", () => {
    const reading = parseFormula("[Length] * [Width] / 3");
    if (!reading.ok) throw new Error("not read");
    expect(reading.formula.refs).toEqual(["Length", "Width"]);
    expect(reading.formula.compute(new Map([["Length", 2], ["Width", 1]]))).toBe(0.67);
    expect(reading.formula.compute(new Map([["Length", 2]]))).toBe(0);
    const zero = parseFormula("1 / [Width]");
    expect(zero.ok && zero.formula.compute(new Map())).toBeNull();
  });

  test("refusals say where: an unclosed bracket, a stray operator, an empty formula, nesting past the stack", () => {
    expect(parseFormula("[Length * 2")).toEqual({ ok: false, at: 0, problem: "unclosed" });
    expect(parseFormula("2 * * 3")).toEqual({ ok: false, at: 4, problem: "unexpected" });
    expect(parseFormula("(1 + 2")).toEqual({ ok: false, at: 6, problem: "unclosed" });
    expect(parseFormula("  ")).toEqual({ ok: false, at: 0, problem: "empty" });
    expect(parseFormula("-".repeat(990)).ok).toBe(false);
    expect(parseFormula("1+".repeat(600))).toMatchObject({ ok: false, problem: "too_long" });
  });
});
