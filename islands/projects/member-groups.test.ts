import { describe, expect, test } from "bun:test";
import { categoryTree, groupMembers, type Member } from "./member-groups";

const member = (id: number, firstName: string, company: string | null): Member => ({
  id,
  moderator: false,
  categoryIds: [],
  user: { id, firstName, lastName: "X", company, position: null, avatar: null, role: "USER" },
});

describe("the users dialog's groups", () => {
  test("companies in the locale's order, the company-less last; people by first name", () => {
    const groups = groupMembers([member(1, "Zoe", "acme"), member(2, "Bea", null), member(3, "Adam", "Acme "), member(4, "Cy", "Borealis"), member(5, "Al", "")], "en");
    expect(groups.map((g) => [g.company, g.members.map((m) => m.user.firstName)])).toEqual([
      ["acme", ["Zoe"]],
      ["Acme", ["Adam"]],
      ["Borealis", ["Cy"]],
      ["", ["Al", "Bea"]],
    ]);
  });

  test("the membership tree: untyped categories flat, a type with several under it, a type with one flat", () => {
    const tree = categoryTree([
      { id: 1, name: "A", type: null },
      { id: 2, name: "B", type: "Kind" },
      { id: 3, name: "C", type: "Kind" },
      { id: 4, name: "D", type: "Lone" },
    ]);
    expect(tree.map((node) => ("category" in node ? node.category.id : [node.type, node.children.map((c) => c.id)]))).toEqual([1, ["Kind", [2, 3]], 4]);
  });
});
