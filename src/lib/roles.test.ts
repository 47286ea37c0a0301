import { describe, expect, test } from "bun:test";
import { hasRank, roleInProject } from "./roles";

describe("role ranks", () => {
  const table: [string | null, string, boolean][] = [
    ["USER", "USER", true],
    ["USER", "MODERATOR", false],
    ["MODERATOR", "USER", true],
    ["ADMIN", "MODERATOR", true],
    ["ADMIN", "SYSTEM_ADMIN", false],
    ["SYSTEM_ADMIN", "ADMIN", true],
    ["GUEST", "USER", false],
    ["", "USER", false],
    [null, "USER", false],
  ];
  for (const [role, required, expected] of table) {
    test(`${role} against ${required}: ${expected}`, () => expect(hasRank(role, required as never)).toBe(expected));
  }

  test("an unknown required role fails even for the highest rank", () => {
    expect(hasRank("SYSTEM_ADMIN", "OWNER" as never)).toBe(false);
  });

  test("the project moderator flag lifts USER to MODERATOR only", () => {
    expect(roleInProject("USER", true)).toBe("MODERATOR");
    expect(roleInProject("USER", false)).toBe("USER");
    expect(roleInProject("ADMIN", true)).toBe("ADMIN");
    expect(hasRank(roleInProject("USER", true), "MODERATOR")).toBe(true);
  });
});
