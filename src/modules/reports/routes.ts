import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, jsonAnswer } from "../../lib/http";
import { answers } from "../../lib/responses";
import { exportBody, exportQuery, idParams, saveBody } from "./model";
import { reportSchema } from "./presenter";
import { exportReport, getReport, saveReport } from "./service";

/**
 * Reports (spec 2, section 7): a report's body with its visible blocks, save, and export to PDF or
 * DOCX. Route access is the floor; the project role (MODERATOR to save, member to read) is the service's.
 */
export const reportRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/report" })
    .use(authPlugin(ctx))
    .get("/get/:id", ({ actor, params }) => getReport(ctx.db, actor, params.id), { access: "USER", params: idParams, response: answers(reportSchema) })
    .post("/save", async ({ actor, body, request }) => jsonAnswer(request, await saveReport(ctx.db, actor, body, { owner: actor.id, signal: request.signal })), { access: "USER", body: saveBody, response: answers(reportSchema) })
    .post("/export/:id", ({ actor, params, query, body, locale, request }) => exportReport(ctx.db, actor, params.id, query.format, body?.images ?? {}, locale, request.signal), {
      access: "USER",
      params: idParams,
      query: exportQuery,
      body: exportBody,
      response: answers(t.String({ format: "binary", description: "The report as PDF or DOCX, as a download" })),
    });
