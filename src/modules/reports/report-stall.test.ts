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

/** The answer's status, its body read but not parsed: parsing a megabyte here would stall the probes itself. */
async function status(path: string, cookie: string, body?: unknown): Promise<number> {
  const init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body), headers: { ...OWN_PAGE_HEADERS, "content-type": "application/json", cookie } };
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, { headers: { ...OWN_PAGE_HEADERS, cookie }, ...init }));
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
    });
    console.log("report/get, 870 KB nested body, x5:", JSON.stringify(stall));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // What is left is reading and serialising 870 KB (10-30 ms a read here); cleaning it again took 3 s.
    expect(stall.busy.max).toBeLessThan(200);
  });

  test("saving a 900 KB report body cleans it in the worker; nesting past the cap is 422 html_too_deep, and nothing changes", async () => {
    const s = await scene();
    let saved = 0;
    const stall = await measureStall(t.app.handle, async () => {
      saved = await status("/report/save", s.moderator.cookie, { id: s.report.id, body: `${LONG}<script>alert(1)</script>` });
    });
    console.log("report/save, 800 KB body:", JSON.stringify(stall));
    expect(saved).toBe(200);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, s.report.id)).get()!.body).toBe(LONG);
    // Left on the loop: parsing the request and writing 800 KB to SQLite (30-60 ms here); sanitising twice took seconds.
    expect(stall.busy.max).toBeLessThan(200);

    const deep = await t.call("POST", "/report/save", { cookie: s.moderator.cookie, body: { id: s.report.id, body: NESTED } });
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ error: "html_too_deep", details: [{ path: "body.body" }] });
    const viaData = await t.call("POST", "/data/save", { cookie: s.moderator.cookie, body: { id: s.report.id, project: { id: s.project.id }, name: "Годовой отчёт", dataType: "REPORT", body: NESTED } });
    expect(viaData.body).toMatchObject({ status: 422, error: "html_too_deep" });
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, s.report.id)).get()!.body).toBe(LONG);
  });
});
