import { describe, expect, test } from "bun:test";
import { ACTIVITY_TYPES } from "../../db/schema";
import { filtersFromSearch, searchOfFilters, serverFilters } from "./activity-filters";

describe("the activity log's filters in the address", () => {
  test("read back what they wrote, and leave out what is malformed", () => {
    const filters = { userId: 7, kind: "UPDATE" as const, from: "2026-11-10", to: "2026-11-12", text: "bearings span" };
    expect(searchOfFilters(filters)).toBe("?user=7&kind=UPDATE&from=2026-11-10&to=2026-11-12&q=bearings+span");
    expect(filtersFromSearch(searchOfFilters(filters), ACTIVITY_TYPES)).toEqual(filters);
    expect(filtersFromSearch("?user=0&kind=DROP&from=yesterday&to=2026-13-45&q=", ACTIVITY_TYPES)).toEqual({ userId: undefined, kind: undefined, from: undefined, to: undefined, text: "" });
    expect(searchOfFilters({ text: "  " })).toBe("");
  });

  test("days become a range of instants from the first day's start to the end of the last", () => {
    const range = serverFilters({ from: "2026-11-10", to: "2026-11-12", text: " pier " });
    expect(range.to! - range.from!).toBe(3 * 86_400_000);
    expect(new Date(range.from!).getHours()).toBe(0);
    expect(range.text).toBe("pier");
    expect(serverFilters({ text: "" })).toEqual({ userId: undefined, activityTypes: undefined, from: undefined, to: undefined, text: undefined });
  });
});
