import { describe, expect, test } from "bun:test";
import { categoriesOf, entriesOf, orderOf, withCopy, withList, without } from "./category-entries";
import type { ListedCategory } from "./home-store";

const category = (id: number, type: string | null = null): ListedCategory => ({ id, name: `C${id}`, type, description: "", size: 0 });
const listed = [category(1), category(2, "Kind"), category(3), category(4, "Kind"), category(5, "Other")];

describe("the project home's category entries", () => {
  test("a type's categories gather in one folder where its first one is; save-all numbers them in display order", () => {
    const entries = entriesOf(listed);
    expect(entries.map((e) => ("category" in e ? e.category.id : e.type))).toEqual([1, "Kind", 3, "Other"]);
    expect(orderOf(entries)).toEqual([
      { id: 1, number: 1 },
      { id: 2, number: 2 },
      { id: 4, number: 3 },
      { id: 3, number: 4 },
      { id: 5, number: 5 },
    ]);
  });

  test("reordering inside a folder changes only that folder", () => {
    const entries = entriesOf(listed);
    const kind = entries[1] as { categories: ListedCategory[] };
    const next = withList(entries, "Kind", [...kind.categories].reverse());
    expect(categoriesOf(next).map((c) => c.id)).toEqual([1, 4, 2, 3, 5]);
  });

  test("a deleted category leaves its folder, and a folder left empty goes", () => {
    const entries = without(without(entriesOf(listed), 5), 2);
    expect(entries.map((e) => ("category" in e ? e.category.id : e.type))).toEqual([1, "Kind", 3]);
    expect(categoriesOf(entries).map((c) => c.id)).toEqual([1, 4, 3]);
  });

  test("a copy is listed right after its original, in the original's folder", () => {
    const copy = { ...category(2, "Kind"), id: 9, name: "C2 copy" };
    expect(categoriesOf(withCopy(entriesOf(listed), listed[1]!, copy)).map((c) => c.id)).toEqual([1, 2, 9, 4, 3, 5]);
  });
});
