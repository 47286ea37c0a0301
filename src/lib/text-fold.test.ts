import { describe, expect, test } from "bun:test";
import { findMatches, foldName, foldText, matcherFor } from "./text-fold";

describe("search folding", () => {
  test("case and ё/е do not matter, and the folded text keeps every position", () => {
    expect(foldText("Отчёт ЁЛКА Straße İstanbul")).toBe("отчет елка straße İstanbul");
    for (const text of ["Отчёт", "ÉCOLE", "İİ", "𐐀 deseret", "Ёж İ Ё"]) expect(foldText(text).length).toBe(text.length);
    expect(foldText("Ёж İ Ё")).toBe("еж İ е");
  });

  test("finds a term in any case, with е for ё either way, across any run of spaces", () => {
    const text = "Годовой Отчёт для\u00a0 устройства; отчет.";
    expect(findMatches(text, "отчет").map(([a, b]) => text.slice(a, b))).toEqual(["Отчёт", "отчет"]);
    expect(findMatches(text, "ОТЧЁТ").length).toBe(2);
    expect(findMatches(text, " для устройства ").map(([a, b]) => text.slice(a, b))).toEqual(["для\u00a0 устройства"]);
    expect(findMatches(text, "   ")).toEqual([]);
    // Characters that mean something in a pattern are plain text.
    expect(findMatches("a.b a+b (c)", "a+b")).toEqual([[4, 7]]);
    expect(findMatches("a.b a+b (c)", "(c)")).toEqual([[8, 11]]);
    // One finder serves many texts.
    const find = matcherFor("ёж");
    expect(["Ёжик", "ежи и ёжики", "уж"].map((text) => find(text).length)).toEqual([1, 2, 0]);
  });
});

describe("place-name folding", () => {
  test("case, accents and ё fold; й and hyphens as a person means them", () => {
    expect(foldName("Málaga")).toBe("malaga");
    expect(foldName("MÉXICO")).toBe("mexico");
    expect(foldName("Ñuñoa")).toBe("nunoa");
    expect(foldName("Орёл")).toBe("орел");
    expect(foldName("Йошкар-Ола")).toBe("йошкар ола");
    expect(foldName("  Ростов-на-Дону ")).toBe("ростов на дону");
    expect(foldName("Val-d’Or")).toBe("val d or");
    expect(foldName("São Paulo")).toBe(foldName("sao paulo"));
    expect(foldName("Çorum")).toBe("corum");
  });
});
