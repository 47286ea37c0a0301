import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, jsonAnswer } from "../../lib/http";
import { answers } from "../../lib/responses";
import { dataItemSchema } from "../data/presenter";
import { calcInvokeBody, calcInvokeQuery, calcSaveBody } from "./model";
import { calcResultSchema } from "./presenter";
import { invokeCalc, saveCalc } from "./service";

/** Calculations (spec 2, section 7): save the script and props (MODERATOR), invoke with numbers (any member who sees it). */
export const calcRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .post("/calc/save", ({ actor, body }) => saveCalc(ctx.db, actor, body), { access: "USER", body: calcSaveBody, response: answers(dataItemSchema) })
    .post("/calc/invoke", async ({ actor, query, body, locale, request }) => jsonAnswer(request, await invokeCalc(ctx.db, actor, query.id, body, locale, { owner: actor.id, signal: request.signal })), {
      access: "USER",
      query: calcInvokeQuery,
      body: calcInvokeBody,
      response: answers(calcResultSchema),
    });
