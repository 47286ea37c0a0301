import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { dataItemSchema } from "../data/presenter";
import { idQuery, previewBody, saveBody, tableQuery } from "./model";
import { chartDataSchema, chartSummarySchema, drawingSchema } from "./presenter";
import { chartData, chartsOfTable, previewChart, saveChart } from "./service";

/**
 * Charts (spec 2, "Tables, charts, …"): the charts of a table, saving one, and the labels and
 * datasets its viewer (and the wizard's preview) draws, computed on the server from the table.
 * MODERATOR to save is checked in the service (a member's moderator flag counts).
 */
export const chartRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/chart/get", ({ actor, query }) => chartsOfTable(ctx.db, actor, query.tableId), { access: "USER", query: tableQuery, response: answers(t.Array(chartSummarySchema)) })
    .post("/chart/save", ({ actor, body }) => saveChart(ctx.db, actor, body), { access: "USER", body: saveBody, response: answers(dataItemSchema) })
    .get("/chart/data", ({ actor, query, locale }) => chartData(ctx.db, actor, query.id, locale), { access: "USER", query: idQuery, response: answers(chartDataSchema) })
    .post("/chart/preview", ({ actor, body, locale }) => previewChart(ctx.db, actor, body, locale), { access: "USER", body: previewBody, response: answers(drawingSchema) });
