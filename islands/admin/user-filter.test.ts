import { describe, expect, test } from "bun:test";
import { matchesFilter, searchTextOf } from "./user-filter";

const anna = searchTextOf({ login: "anna.b", firstName: "Anna", lastName: "Berg", email: "Anna@Example.test" });

describe("the users filter", () => {
  test("matches login, name or e-mail without case, every word typed", () => {
    expect(matchesFilter(anna, "ANNA@example")).toBe(true);
    expect(matchesFilter(anna, "berg  anna.b")).toBe(true);
    expect(matchesFilter(anna, "berg otto")).toBe(false);
  });

  test("nothing typed, or only spaces, matches everyone", () => {
    expect(matchesFilter(anna, "   ")).toBe(true);
  });
});
