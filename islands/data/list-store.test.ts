import { describe, expect, test } from "bun:test";
import { criteriaOf, NO_FILTERS } from "./list-store";
import * as frame from "./frame-store";

describe("the data list's search", () => {
  test("sends only the filters filled in, trimmed, and hides removed items unless asked", () => {
    expect(criteriaOf(NO_FILTERS)).toEqual([{ name: "isActive", value: true }]);
    expect(criteriaOf({ ...NO_FILTERS, name: "  report 2 ", status: "CHECKED", provider: "7" })).toEqual([
      { name: "name", value: "report 2" },
      { name: "status", value: "CHECKED" },
      { name: "provider", value: "7" },
      { name: "isActive", value: true },
    ]);
    expect(criteriaOf({ ...NO_FILTERS, showRemoved: true, name: "   " })).toEqual([]);
  });
});

describe("the data page's frame", () => {
  test("the info button hides the panel on its info tab, and shows it on the info tab from elsewhere", () => {
    expect([frame.sideOpen.value, frame.sideTab.value, frame.touched.value]).toEqual([true, "info", false]);
    frame.toggleInfo();
    expect([frame.sideOpen.value, frame.touched.value]).toEqual([false, true]);
    frame.toggleInfo();
    expect([frame.sideOpen.value, frame.sideTab.value]).toEqual([true, "info"]);
    frame.showTab("comments");
    frame.toggleInfo();
    expect([frame.sideOpen.value, frame.sideTab.value]).toEqual([true, "info"]);
  });
});
