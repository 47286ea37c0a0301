import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { measureStall } from "../../testing/loop-stall";

const { t, f } = withTestApp();

/** 870 KB of tags nested as deep as they go: sanitize-html took 3 s over it on the event loop. */
const NESTED = "<b>".repeat(290_000);
/** About 800 KB of ordinary report text: flat, within every cap, a second to sanitise. */
const LONG = "<p>Pier <b>seven</b>: a crack in the concrete, опора.</p>".repeat(14_000);

/**
 * The answer's status, asked as a browser asks (accepting gzip), its body read but not parsed. A body is sent as
 * JSON text made before the measurement: serialising or parsing a megabyte here would stall the probes itself.
 */
async function status(path: string, cookie: string, json?: string): Promise<number> {
  const headers = { ...OWN_PAGE_HEADERS, cookie, "accept-encoding": "gzip, deflate, br" };
  const init = json === undefined ? { headers } : { method: "POST", body: json, headers: { ...headers, "content-type": "application/json" } };
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, init));
  await response.arrayBuffer();
  return response.status;
}

async function scene() {
  const s = await f.projectScene();
  const report = f.dataItem(s.project.id, { name: "Годовой отчёт", dataType: "REPORT", body: "<p>Начало</p>" });
  return { ...s, report };
}

describe("report bodies never stall the server", () => {
  test("reading a report stored with 870 KB of nested tags serves it as stored, without cleaning it again", async () => {
    const s = await scene();
    t.db.update(dataItems).set({ body: NESTED }).where(eq(dataItems.id, s.report.id)).run();
    const statuses: number[] = [];
    const stall = await measureStall(t.app.handle, async () => {
      for (let i = 0; i < 5; i++) {
        statuses.push(await status(`/report/get/${s.report.id}`, s.member.cookie));
        await Bun.sleep(50);
      }
      // The floor of export-stall.test.ts: on 2 shared cores an idle p99 of a few ms would make scheduling jitter look like a stall.
    }, { floorMs: 20 });
    console.log("report/get, 870 KB nested body, x5:", JSON.stringify(stall));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Left on the loop: reading and serialising 870 KB (gzip runs in the thread pool); cleaning it again took 3 s.
    expect(stall.ratio).toBeLessThan(3);
  }, 30_000);

  test("saving a 900 KB report body cleans it in the worker; nesting past the cap is 422 html_too_deep, and nothing changes", async () => {
    const s = await scene();
    let saved = 0;
    const json = JSON.stringify({ id: s.report.id, body: `${LONG}<script>alert(1)</script>` });
    // Warmed first, as on a running server: starting the worker thread is not what is measured.
    await status("/report/save", s.moderator.cookie, JSON.stringify({ id: s.report.id, body: "<p>warm</p>" }));
    const stall = await measureStall(t.app.handle, async () => {
      saved = await status("/report/save", s.moderator.cookie, json);
    }, { floorMs: 20 });
    console.log("report/save, 800 KB body:", JSON.stringify(stall));
    expect(saved).toBe(200);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, s.report.id)).get()!.body).toBe(LONG);
    // Left on the loop: parsing the request, writing 800 KB to SQLite and serialising the answer, 10-20 ms each;
    // reading the old body back three times and gzipping the answer on the loop held it 100-120 ms.
    expect(stall.ratio).toBeLessThan(3);

    const deep = await t.call("POST", "/report/save", { cookie: s.moderator.cookie, body: { id: s.report.id, body: NESTED } });
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ error: "html_too_deep", details: [{ path: "body.body" }] });
    const viaData = await t.call("POST", "/data/save", { cookie: s.moderator.cookie, body: { id: s.report.id, project: { id: s.project.id }, name: "Годовой отчёт", dataType: "REPORT", body: NESTED } });
    expect(viaData.body).toMatchObject({ status: 422, error: "html_too_deep" });
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, s.report.id)).get()!.body).toBe(LONG);
  }, 30_000);
});
