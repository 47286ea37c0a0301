import { describe, expect, test } from "bun:test";
import { entriesOf, numberInput, propertiesOf, readEntries, type Template } from "./form-values";

const field = (id: number, name: string, type: Template["fields"][number]["type"], extra: Partial<Template["fields"][number]> = {}) => ({
  id,
  name,
  index: id,
  type,
  options: null,
  required: false,
  partOfName: false,
  showOnMap: false,
  excludeFromTableView: false,
  ...extra,
});

const template: Template = {
  id: 1,
  name: "Park",
  graphType: "POLYGON",
  icon: null,
  isActive: true,
  defaultLayerPoiStyle: null,
  rules: [],
  fields: [
    field(1, "Title", "STRING", { required: true, partOfName: true }),
    field(2, "Kind", "STRING", { partOfName: true }),
    field(3, "Length", "NUMBER"),
    field(4, "Width", "NUMBER"),
    field(5, "Area", "COMPUTED_FIELD", { options: "[Length] * [Width] / 3" }),
    field(6, "District", "LIST", { options: "North, South" }),
    field(7, "Tags", "MULTIPLE_LIST", { options: "a,b,c" }),
    field(8, "Open", "BOOLEAN"),
    field(9, "Site", "CUSTOM_LINK", { options: "https://example.org/" }),
    field(10, "Opened", "DATE"),
    field(11, "Home", "LINK"),
  ],
};

describe("the object form's values", () => {
  test("numbers keep digits and one point, grouped by spaces as typed", () => {
    expect(numberInput("1234567.5")).toBe("1 234 567.5");
    expect(numberInput("12a3.4.5")).toBe("123.45");
    expect(numberInput("0012")).toBe("12");
    expect(numberInput("-5 000,2")).toBe("50 002");
  });

  test("the server's rules: required fields, options, dates and links are checked; the computed field and the combined name follow the entries", () => {
    const empty = readEntries(template, {}, "en");
    expect(empty.problems).toEqual({ 1: "poi.value.required" });
    expect(empty.name).toBe("Park");
    const read = readEntries(template, { 1: "Oak", 2: "Wood", 3: "1 000", 4: "2", 6: "East", 9: "page 1", 10: "2026-02-30", 11: "example.org" }, "en");
    expect(read.problems).toEqual({ 6: "poi.value.not_option", 10: "poi.value.not_date", 11: "poi.value.not_link" });
    expect(readEntries(template, { 1: "Oak", 9: "" }, "en").problems).toEqual({});
    expect(read.computed.get(5)).toBe(666.67);
    expect(read.name).toBe("Oak | Wood");
  });

  test("what is sent: numbers as numbers (empty or zero as none), yes/no, the list's choices; computed fields are the server's", () => {
    const sent = propertiesOf(template, { 1: " Oak ", 3: "1 234.5", 4: "0", 7: ["a", "c"], 8: true });
    expect(sent).toEqual([
      { field: { id: 1 }, value: "Oak" },
      { field: { id: 2 }, value: null },
      { field: { id: 3 }, value: 1234.5 },
      { field: { id: 4 }, value: null },
      { field: { id: 6 }, value: null },
      { field: { id: 7 }, value: ["a", "c"] },
      { field: { id: 8 }, value: true },
      { field: { id: 9 }, value: null },
      { field: { id: 10 }, value: null },
      { field: { id: 11 }, value: null },
    ]);
    expect(entriesOf(template, [{ field: { id: 3 }, value: 1234.5 }, { field: { id: 5 }, value: 9 }, { field: { id: 7 }, value: ["b"] }])).toEqual({ 3: "1 234.5", 7: ["b"] });
  });
});
