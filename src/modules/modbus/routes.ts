import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { historyQuery, idQuery, saveBody, unitParams } from "./model";
import { historySchema, lastDataSchema, unitSchema } from "./presenter";
import { lastData, readHistory } from "./reader";
import { saveUnit, unitForPage } from "./service";

/** Device units (spec 2): saving one (MODERATOR), reading one, its last readings and its history (members). */
export const modbusRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .post("/modbus-unit/save", ({ actor, body }) => saveUnit(ctx, actor, body), { access: "USER", body: saveBody, response: answers(unitSchema) })
    .get("/modbus-unit/get", ({ actor, query }) => unitForPage(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(unitSchema) })
    .get("/modbus-reader/get-last-data/:unitId", ({ actor, params }) => lastData(ctx, actor, params.unitId), { access: "USER", params: unitParams, response: answers(lastDataSchema) })
    .get("/modbus-reader/history/:unitId", ({ actor, params, query }) => readHistory(ctx.db, actor, params.unitId, query), {
      access: "USER",
      params: unitParams,
      query: historyQuery,
      response: answers(historySchema),
    });
