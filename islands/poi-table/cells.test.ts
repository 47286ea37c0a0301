import { expect, test } from "bun:test";
import { cellText } from "./cells";

test("cells: numbers with at most 4 decimals and no trailing zeros, yes/no in the reader's words, lists joined", () => {
  const words = { yes: "Да", no: "Нет" };
  expect(cellText(1.23456789, words, "en")).toBe("1.2346");
  expect(cellText(2.5, words, "en")).toBe("2.5");
  expect(cellText(1234.5, words, "ru")).toBe("1\u00a0234,5");
  expect(cellText(true, words, "ru")).toBe("Да");
  expect(cellText(false, words, "ru")).toBe("Нет");
  expect(cellText(["a", "b"], words, "en")).toBe("a, b");
  expect(cellText(null, words, "en")).toBe("");
});
