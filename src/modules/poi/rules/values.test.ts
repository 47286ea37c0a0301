import { describe, expect, test } from "bun:test";
import { combinedName } from "./name";
import { styleOf, type StyleRule } from "./styles";
import { computeFields, dataTableSource, readValue, type FieldRule, type FieldValue } from "./values";

const field = (type: FieldRule["type"], options: string | null = null, required = false): FieldRule => ({ id: 1, name: "F", type, options, required });

describe("field values", () => {
  test("numbers: digits with one decimal mark and thousand spaces, in the reader's locale; empty or zero is none", () => {
    expect(readValue(field("NUMBER"), "1 234.5", "ru")).toEqual({ ok: true, value: 1234.5 });
    expect(readValue(field("NUMBER"), "1 234,5", "ru")).toEqual({ ok: true, value: 1234.5 });
    expect(readValue(field("NUMBER"), 7, "en")).toEqual({ ok: true, value: 7 });
    expect(readValue(field("NUMBER"), "12a", "en")).toEqual({ ok: false, problem: "not_number" });
    expect(readValue(field("NUMBER"), "1 234.5", "en")).toEqual({ ok: true, value: 1234.5 });
    expect(readValue(field("DATE"), "2026-13-01", "en")).toEqual({ ok: false, problem: "not_date" });
    expect(readValue(field("NUMBER"), "1.2.3", "en")).toEqual({ ok: false, problem: "not_number" });
    expect(readValue(field("NUMBER"), "0", "en")).toEqual({ ok: true, value: null });
    expect(readValue(field("NUMBER", null, true), 0, "en")).toEqual({ ok: false, problem: "required" });
    expect(readValue(field("NUMBER"), true, "en")).toEqual({ ok: false, problem: "not_number" });
  });

  test("lists take only their options; a multiple list a list of them", () => {
    expect(readValue(field("LIST", "Open, Closed"), "Closed", "en")).toEqual({ ok: true, value: "Closed" });
    expect(readValue(field("LIST", "Open, Closed"), "Lost", "en")).toEqual({ ok: false, problem: "not_option" });
    expect(readValue(field("MULTIPLE_LIST", "a,b,c"), ["a", "c", "a"], "en")).toEqual({ ok: true, value: ["a", "c"] });
    expect(readValue(field("MULTIPLE_LIST", "a,b,c"), ["d"], "en")).toEqual({ ok: false, problem: "not_option" });
    expect(readValue(field("MULTIPLE_LIST", "a,b,c"), "a", "en")).toEqual({ ok: false, problem: "not_option" });
  });

  test("dates, yes/no, links and custom links with their prefix, data table values", () => {
    expect(readValue(field("DATE"), "2026-02-28", "en")).toEqual({ ok: true, value: "2026-02-28" });
    expect(readValue(field("DATE"), "2026-02-30", "en")).toEqual({ ok: false, problem: "not_date" });
    expect(readValue(field("BOOLEAN"), false, "en")).toEqual({ ok: true, value: false });
    expect(readValue(field("BOOLEAN"), "yes", "en")).toEqual({ ok: false, problem: "not_boolean" });
    expect(readValue(field("LINK"), "https://example.test/a", "en")).toEqual({ ok: true, value: "https://example.test/a" });
    expect(readValue(field("LINK"), "javascript:alert(1)", "en")).toEqual({ ok: false, problem: "not_link" });
    expect(readValue(field("CUSTOM_LINK", "https://cadastre.test/obj/"), "77:01:42", "en")).toEqual({ ok: true, value: "77:01:42" });
    expect(readValue(field("CUSTOM_LINK", "javascript:"), "alert(1)", "en")).toEqual({ ok: false, problem: "not_link" });
    expect(readValue(field("DATA_TABLE", "5,Street"), "Main", "en", ["Main", "High"])).toEqual({ ok: true, value: "Main" });
    expect(readValue(field("DATA_TABLE", "5,Street"), "Elm", "en", ["Main"])).toEqual({ ok: false, problem: "not_option" });
    expect(dataTableSource("5, Street name")).toEqual({ tableId: 5, header: "Street name" });
    expect(dataTableSource("x,Street")).toBeUndefined();
  });

  test("required fields must have a value; text is trimmed and capped", () => {
    expect(readValue(field("STRING", null, true), "  ", "en")).toEqual({ ok: false, problem: "required" });
    expect(readValue(field("STRING"), "  Oak ", "en")).toEqual({ ok: true, value: "Oak" });
    expect(readValue(field("STRING"), "x".repeat(4001), "en")).toEqual({ ok: false, problem: "too_long" });
    expect(readValue(field("STRING"), 5, "en")).toEqual({ ok: false, problem: "not_text" });
  });

  test("computed fields use the number fields by name, 0 where missing", () => {
    const fields: FieldRule[] = [
      { id: 1, name: "Length", type: "NUMBER", options: null, required: false },
      { id: 2, name: "Width", type: "NUMBER", options: null, required: false },
      { id: 3, name: "Area", type: "COMPUTED_FIELD", options: "[Length] * [Width] + 1", required: false },
    ];
    expect(computeFields(fields, new Map<number, FieldValue>([[1, 2.5], [2, 3]])).get(3)).toBe(8.5);
    expect(computeFields(fields, new Map<number, FieldValue>([[1, 2.5]])).get(3)).toBe(1);
  });
});

describe("names and styles", () => {
  const fields = [
    { id: 1, type: "STRING", index: 1, partOfName: true },
    { id: 2, type: "STRING", index: 0, partOfName: true },
    { id: 3, type: "STRING", index: 2, partOfName: false },
  ];
  test("the name joins partOfName fields in field order, cuts at 150 characters, else the first string, else the template", () => {
    expect(combinedName("Tree", fields, new Map([[1, "Oak"], [2, "North park"]]))).toBe("North park | Oak");
    expect(combinedName("Tree", fields, new Map([[1, "я".repeat(200)]]))).toBe(`${"я".repeat(150)}...`);
    expect(combinedName("Tree", fields, new Map([[3, "Lonely"]]))).toBe("Lonely");
    expect(combinedName("Tree", fields, new Map())).toBe("Tree");
  });

  test("the first matching rule gives the style: numbers compare as numbers, LIKE finds text ignoring case", () => {
    const types = new Map([[1, "NUMBER"], [2, "STRING"]] as const);
    const rules: StyleRule[] = [
      { fieldId: 1, predicate: "MORE", thresholdValue: "10", styleId: 7 },
      { fieldId: 2, predicate: "LIKE", thresholdValue: "oak", styleId: 8 },
      { fieldId: 1, predicate: "LESS", thresholdValue: "100", styleId: 9 },
    ];
    expect(styleOf(rules, types, new Map<number, unknown>([[1, 11], [2, "Oak"]]), 1)).toBe(7);
    expect(styleOf(rules, types, new Map<number, unknown>([[1, 9], [2, "Old OAK"]]), 1)).toBe(8);
    expect(styleOf(rules, types, new Map<number, unknown>([[1, 9]]), 1)).toBe(9);
    expect(styleOf(rules, types, new Map<number, unknown>([[2, "Elm"]]), 1)).toBe(1);
  });
});
