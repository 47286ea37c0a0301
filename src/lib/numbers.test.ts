import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { numberIn, typedValue } from "../modules/tables/cells";
import { cellNumber, formatNumber, parseNumber } from "./numbers";

const LOCALES = ["en", "ru", "es"] as const;
const value = (text: string, locale: string) => {
  const reading = parseNumber(text, locale);
  return reading.ok ? reading.value : reading.problem;
};

describe("parseNumber", () => {
  test("a decimal comma in ru and es, a point everywhere", () => {
    expect(value("18,5", "ru")).toBe(18.5);
    expect(value("0,35", "es")).toBe(0.35);
    expect(value("18.5", "ru")).toBe(18.5);
    expect(value("18.5", "en")).toBe(18.5);
    expect(value("-2,25e3", "ru")).toBe(-2250);
    expect(value("\u22121,5", "ru")).toBe(-1.5);
  });

  test("group marks as each locale writes them, and only there", () => {
    expect(value("1 234,5", "ru")).toBe(1234.5);
    expect(value("1\u00a0234\u202f567", "ru")).toBe(1234567);
    expect(value("1,234.5", "en")).toBe(1234.5);
    expect(value("1.234,5", "es")).toBe(1234.5);
    expect(value("1.234.567", "es")).toBe(1234567);
    expect(value("1 23,5", "ru")).toBe("misplaced_group");
    expect(value("1,23", "en")).toBe("misplaced_group");
    expect(value("18,5", "en")).toBe("misplaced_group");
    expect(value("1,234 5", "ru")).toBe("misplaced_group");
  });

  test("es: a lone point before three digits could be either reading, so it is refused", () => {
    expect(value("1.234", "es")).toBe("ambiguous");
    expect(value("12.345", "es")).toBe("ambiguous");
    expect(value("1.5", "es")).toBe(1.5);
    expect(value("0.350", "es")).toBe(0.35);
    expect(value("1234.567", "es")).toBe(1234.567);
  });

  test("nothing is rounded or dropped silently", () => {
    expect(value("12345678901234567890", "en")).toBe("too_precise");
    expect(value("0.1000000000000000000001", "en")).toBe("too_precise");
    expect(value("1e400", "en")).toBe("out_of_range");
    expect(value("1e-400", "en")).toBe("out_of_range");
    expect(value("18,5,1", "ru")).toBe("not_a_number");
    expect(value("18.5.1", "ru")).toBe("not_a_number");
    expect(value("12abc", "en")).toBe("not_a_number");
    expect(value("  ", "en")).toBe("empty");
    expect(value("5,", "ru")).toBe("not_a_number");
  });

  test("a field's rules: whole, min and max", () => {
    expect(parseNumber("2,5", "ru", { whole: true })).toEqual({ ok: false, problem: "not_whole" });
    expect(parseNumber("0", "en", { min: 1 })).toEqual({ ok: false, problem: "too_small" });
    expect(parseNumber("70 000", "ru", { max: 65535 })).toEqual({ ok: false, problem: "too_large" });
    expect(parseNumber("1 000", "ru", { whole: true, min: 0 })).toEqual({ ok: true, value: 1000 });
  });

  test("format then parse is the identity in every locale", () => {
    const number = fc.double({ noNaN: true, noDefaultInfinity: true });
    for (const locale of LOCALES) {
      fc.assert(
        fc.property(number, fc.boolean(), (n, grouping) => {
          const reading = parseNumber(formatNumber(n, locale, { grouping }), locale);
          return reading.ok && Object.is(reading.value, n);
        }),
        { numRuns: 3000 },
      );
    }
  });

  test("parse never answers a number for text with anything but digits, signs, separators and an exponent", () => {
    const garbage = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /[^\d\s.,+\-\u2212eE\u00a0\u202f]/.test(s));
    for (const locale of LOCALES) fc.assert(fc.property(garbage, (text) => !parseNumber(text, locale).ok), { numRuns: 2000 });
  });
});

describe("formatNumber", () => {
  test("each locale's display", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "ru")).toBe("1\u00a0234,5");
    expect(formatNumber(12345.5, "es")).toBe("12.345,5");
    expect(formatNumber(12345, "es")).toBe("12345");
    expect(formatNumber(1234567, "es")).toBe("1.234.567");
    expect(formatNumber(1234.5, "ru", { grouping: false })).toBe("1234,5");
    expect(formatNumber(1.5e-9, "ru")).toBe("1,5E-9");
    expect(formatNumber(0.35, "es")).toBe("0,35");
  });
});

describe("cellNumber: when a cell's text is a number", () => {
  test("what writing back keeps is a number; leading zeros and lost digits stay text", () => {
    expect(cellNumber("18,5", "ru")).toBe(18.5);
    expect(cellNumber("1 234,5", "ru")).toBe(1234.5);
    expect(cellNumber("007", "ru")).toBeUndefined();
    expect(cellNumber("007", "point")).toBeUndefined();
    expect(cellNumber(",5", "ru")).toBeUndefined();
    expect(cellNumber("12345678901234567890", "en")).toBeUndefined();
    expect(cellNumber("0,5", "comma")).toBe(0.5);
    expect(cellNumber("1,5", "point")).toBeUndefined();
    expect(cellNumber("1 234", "comma")).toBeUndefined();
  });
});

describe("typing into a table cell follows an import's rule", () => {
  test("a decimal comma is a number in both; leading zeros stay text in both; a cell of text stays text", () => {
    for (const [text, number] of [["18,5", 18.5], ["007", undefined], ["-0,25", -0.25], ["12345678901234567890", undefined], ["1e3", 1000]] as const) {
      expect(numberIn(text, true), text).toBe(number);
      expect(typedValue(text, null, "ru"), text).toBe(number ?? text);
    }
    expect(typedValue("1 234,5", 3, "ru")).toBe(1234.5);
    expect(typedValue("1.234", null, "es")).toBe("1.234");
    expect(typedValue("18,5", "old text", "ru")).toBe("18,5");
    expect(typedValue("  ", 5, "en")).toBeNull();
  });
});
