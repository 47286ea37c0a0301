import { test } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
const { t, f } = withTestApp();
const LONG = "<p>Pier <b>seven</b>: a crack in the concrete, опора.</p>".repeat(14_000);
test("prof", async () => {
  const s = await f.projectScene();
  const report = f.dataItem(s.project.id, { name: "R", dataType: "REPORT", body: "<p>x</p>" });
  let lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); if (now - last > 8) lags.push(Math.round(now - last)); last = now; }, 2);
  for (let i = 0; i < 3; i++) {
    lags = [];
    const t0 = performance.now();
    const body = JSON.stringify({ id: report.id, body: LONG + i });
    const t1 = performance.now();
    const r = await t.app.handle(new Request(`http://plexus.test/api/report/save`, { method: "POST", body, headers: { ...OWN_PAGE_HEADERS, "content-type": "application/json", cookie: s.moderator.cookie } }));
    await r.arrayBuffer();
    console.log(r.status, "stringify", (t1 - t0).toFixed(1), "total", (performance.now() - t1).toFixed(1), "lags", lags.join(","));
  }
  clearInterval(timer);
});
