import { describe, expect, test } from "bun:test";
import { lonLatOf } from "./issue-layer";
import { createMapTasks } from "./store";

describe("a map's tasks", () => {
  test("a task made from the menu on a repeated world is placed on the first, to 7 decimals", () => {
    const tasks = createMapTasks(7);
    tasks.createAt([397.123456789, 55.5]);
    expect(tasks.placing.value).toEqual([37.1234568, 55.5]);
    tasks.createAt([-190, -10]);
    expect(tasks.placing.value).toEqual([170, -10]);
    tasks.placed(false);
    expect(tasks.placing.value).toBeNull();
  });

  test("a task's point is read from its GeoJSON text, longitude first; anything else is no point", () => {
    expect(lonLatOf('{"type":"Point","coordinates":[37.6,55.7]}')).toEqual([37.6, 55.7]);
    for (const text of [null, "", "oops", '{"type":"Point","coordinates":["1",2]}', '{"type":"Point"}']) expect(lonLatOf(text)).toBeNull();
  });
});
