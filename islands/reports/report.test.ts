import { describe, expect, test } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../src/testing/harness";
import { call, serverAt } from "../lib/server";
import { reportRoute } from "./report";

const { t, f } = withTestApp();

describe("the report's typed route", () => {
  test("report/get/:id reaches the report through the typed client (a segment named 'get' is not the method)", async () => {
    const http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.handle(request) });
    try {
      const s = await f.projectScene();
      const report = f.dataItem(s.project.id, { name: "Weekly", dataType: "REPORT", body: "<p>Pier 7</p>" });
      const headers = { ...OWN_PAGE_HEADERS, cookie: s.member.cookie };
      const got = await call(reportRoute(report.id, serverAt(http.url.origin)).get({ headers }));
      expect(got).toMatchObject({ id: report.id, name: "Weekly", body: "<p>Pier 7</p>", blocks: [] });
    } finally {
      http.stop(true);
    }
  });
});
