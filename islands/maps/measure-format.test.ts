import { describe, expect, test } from "bun:test";
import { translator } from "../../src/lib/i18n";
import { formatArea, formatLength } from "./measure-format";

const en = translator("en");
const ru = translator("ru");

describe("measured figures (spec 3, section 9)", () => {
  test("lengths over 100 m read in km with 2 decimals, shorter ones in m", () => {
    expect(formatLength(12_345.678, "en", en)).toBe("12.35 km");
    expect(formatLength(100.4, "en", en)).toBe("0.10 km");
    expect(formatLength(100, "en", en)).toBe("100 m");
    expect(formatLength(42.26, "en", en)).toBe("42.26 m");
  });

  test("areas over 1,000,000 m² read in km², over 5,000 m² in hectares with 1 decimal, else in m²", () => {
    expect(formatArea(2_500_000, "en", en)).toBe("2.50 km²");
    expect(formatArea(1_000_000, "en", en)).toBe("100.0 ha");
    expect(formatArea(5_001, "en", en)).toBe("0.5 ha");
    expect(formatArea(5_000, "en", en)).toBe("5,000 m²");
    expect(formatArea(12.345, "en", en)).toBe("12.35 m²");
  });

  test("in the reader's language: Russian units and number separators", () => {
    expect(formatLength(1_234_567.891, "ru", ru)).toBe("1\u00a0234,57 км");
    expect(formatArea(75_000, "ru", ru)).toBe("7,5 га");
  });
});
