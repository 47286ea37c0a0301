import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { bufferBody, bufferQuery, idListParams, projectQuery, saveBody, tileParams } from "./model";
import { bufferSchema, layerSchema, layerWithPoiSchema } from "./presenter";
import { layerList, layersWithPoi, saveLayer, xyzLayers } from "./service";
import { allowedTileOrigins } from "../settings/service";
import { serveTile } from "./tiles";
import { readBuffer, writeBuffer } from "./zws-buffer";

/**
 * Layers (spec 3, "Layers"): saving one (MODERATOR, checked in the service with the project's moderator flag),
 * lists by kind, the ZWS buffer, and the tile proxy, which answers image bytes to readers of an XYZ layer and to
 * anyone when a public map shows it.
 */
export const layerRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .post("/layer/save", ({ actor, body }) => saveLayer(ctx.db, actor, body), { access: "USER", body: saveBody, response: answers(layerSchema) })
    .get("/layer/get-xyz-layers", ({ actor, query }) => xyzLayers(ctx.db, actor, query.projectId), { access: "USER", query: projectQuery, response: answers(t.Array(layerSchema)) })
    .get("/layer/tile-servers", () => [...allowedTileOrigins(ctx.db)].sort(), { access: "USER", response: answers(t.Array(t.String())) })
    .get("/layer/get-list/:ids", ({ actor, params }) => layerList(ctx.db, actor, params.ids), { access: "USER", params: idListParams, response: answers(t.Array(layerSchema)) })
    .get("/layer/get-layers-with-poi", ({ actor, query }) => layersWithPoi(ctx.db, actor, query.projectId), {
      access: "USER",
      query: projectQuery,
      response: answers(t.Array(layerWithPoiSchema)),
    })
    .get("/zws/buffer", ({ actor, query }) => readBuffer(ctx.db, actor, query.layerId, query.key), { access: "USER", query: bufferQuery, response: answers(bufferSchema) })
    .post("/zws/buffer", ({ actor, body }) => writeBuffer(ctx.db, actor, body), { access: "USER", body: bufferBody, response: answers(bufferSchema) })
    .get("/tiles/:layerId/:z/:x/:y", ({ actor, params, request }) => serveTile(ctx, actor, params, request), { public: true, params: tileParams });
