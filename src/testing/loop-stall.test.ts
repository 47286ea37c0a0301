import { expect, test } from "bun:test";
import { measureStall } from "./loop-stall";

const handle = () => new Response("{}");

test("a blocked event loop shows as a stall, waiting off the loop does not", async () => {
  const blocked = await measureStall(handle, async () => {
    await Bun.sleep(50);
    const end = performance.now() + 300;
    while (performance.now() < end);
    await Bun.sleep(50);
  }, { idleMs: 200 });
  expect(blocked.busy.max).toBeGreaterThan(250);
  expect(blocked.ratio).toBeGreaterThan(3);

  // A block lasting to the action's end, with no probe answered during it, still counts.
  const blockedToTheEnd = await measureStall(handle, async () => {
    await Bun.sleep(30);
    const end = performance.now() + 300;
    while (performance.now() < end);
  }, { idleMs: 200 });
  expect(blockedToTheEnd.busy.max).toBeGreaterThan(250);

  const waiting = await measureStall(handle, () => Bun.sleep(400), { idleMs: 200 });
  expect(waiting.ratio).toBeLessThan(3);
});
