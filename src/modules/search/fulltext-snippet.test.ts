import { expect, test } from "bun:test";
import { snippetOf } from "./fulltext-snippet";
import { stemsOf } from "./fulltext-stems";

const stemsFor = (...words: string[]) => new Set(words.flatMap(stemsOf));

test("every form of a query word is marked, whatever its case, accents or ё, and nothing else is", () => {
  const body = "Las NACIONES y la nación; ЁЛКИ, ёлка и елки; 2024 mark";
  const snippet = snippetOf(body, stemsFor("naciones", "ёлка", "2024"));
  expect([...snippet.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1])).toEqual(["NACIONES", "nación", "ЁЛКИ", "ёлка", "елки", "2024"]);
  expect(snippetOf(body, stemsFor("puente"))).not.toContain("<mark>");
});
