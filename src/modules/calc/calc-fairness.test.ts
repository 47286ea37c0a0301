import { describe, expect, test } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

describe("the sandbox pool shares its threads between users", () => {
  test("one member's 70 endless calculations leave another member's one-liner prompt; the flood past its share is told 429, and its requests closed are dropped", async () => {
    const s = await f.projectScene();
    const endless = f.dataItem(s.project.id, { name: "Spin", dataType: "CALC", script: "function main() { while (true) {} }", props: "[]" });
    const oneLiner = f.dataItem(s.project.id, { name: "One", dataType: "CALC", script: "function main() { return 41 + 1 }", props: "[]" });
    const leave = new AbortController();
    const flood = Array.from({ length: 70 }, () =>
      Promise.resolve(
        t.app.handle(
          new Request(`http://plexus.test/api/calc/invoke?id=${endless.id}`, {
            method: "POST",
            headers: { ...OWN_PAGE_HEADERS, cookie: s.member.cookie, "content-type": "application/json" },
            body: "[]",
            signal: leave.signal,
          }),
        ),
      ).then(async (res) => (res.status === 429 ? (await res.json()).error : res.status)),
    );
    await Bun.sleep(50);
    const started = performance.now();
    const answer = await t.call("POST", `/calc/invoke?id=${oneLiner.id}`, { cookie: s.moderator.cookie, body: [] });
    const waited = performance.now() - started;
    console.log(`another member's one-liner answered ${answer.status} in ${waited.toFixed(0)} ms during the flood`);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe("42");
    // Behind even one endless script it would wait 1.5 s (its time limit and grace).
    expect(waited).toBeLessThan(1400);

    // The member closes their page: their running and waiting calculations end now, not in 32 s.
    const closed = performance.now();
    leave.abort();
    const statuses = await Promise.all(flood);
    expect(performance.now() - closed).toBeLessThan(1000);
    expect(statuses.filter((status) => status === "too_many_jobs").length).toBe(70 - 32);
    expect(statuses.filter((status) => status === 400).length).toBe(32);
  }, 30_000);
});
