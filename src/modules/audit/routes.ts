import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, localeOf } from "../../lib/http";
import { answers } from "../../lib/responses";
import { exportLog } from "./export";
import { findLogPage } from "./log";
import { exportQuery, logPageSchema, logQueryBody } from "./model";
import { presentLogRow } from "./presenter";
import { subjectsOf } from "./subjects";

/** The activity log for system administrators: paged and sorted on the server, and as a spreadsheet. */
export const auditRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/admin/activity-log" })
    .use(authPlugin(ctx))
    .post(
      "/find-pageable-search-result",
      ({ body }) => {
        const page = findLogPage(ctx.db, body);
        const subjects = subjectsOf(ctx.db, page.content);
        return { content: page.content.map((row) => presentLogRow(row, subjects.get(row.id))), totalElements: page.totalElements };
      },
      { access: "SYSTEM_ADMIN", body: logQueryBody, response: answers(logPageSchema) },
    )
    .get("/export/xlsx", ({ actor, query, request }) => exportLog(ctx.db, actor, ctx.config.publicUrl, localeOf(request), query.userId, request.signal), {
      access: "SYSTEM_ADMIN",
      query: exportQuery,
      response: answers(t.String({ format: "binary", description: "The log, or one user's, as an XLSX workbook" })),
    });
