import { describe, expect, test } from "bun:test";
import { nextOrder } from "./activity-sort";

describe("sorting the activity log by a column header", () => {
  test("the sorted column turns its order around", () => {
    expect(nextOrder({ sortBy: "date", desc: true }, "date")).toEqual({ sortBy: "date", desc: false });
    expect(nextOrder({ sortBy: "user", desc: false }, "user")).toEqual({ sortBy: "user", desc: true });
  });

  test("another column starts A to Z, the date newest first", () => {
    expect(nextOrder({ sortBy: "date", desc: true }, "description")).toEqual({ sortBy: "description", desc: false });
    expect(nextOrder({ sortBy: "user", desc: false }, "date")).toEqual({ sortBy: "date", desc: true });
  });
});
