import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { idQuery, layerQuery, saveBody } from "./model";
import { mapRefSchema, mapSchema } from "./presenter";
import { mapForPage, mapsByLayer, saveMap } from "./service";

/** Maps (spec 3): a map with its view and layers, saving one (MODERATOR; an inheriting view ADMIN), the maps showing a layer. */
export const mapRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/map/get", ({ actor, query }) => mapForPage(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(mapSchema) })
    .post("/map/save", ({ actor, body }) => saveMap(ctx.db, actor, body), { access: "USER", body: saveBody, response: answers(mapSchema) })
    .get("/map/find-by-layer", ({ actor, query }) => mapsByLayer(ctx.db, actor, query.layerId), { access: "USER", query: layerQuery, response: answers(t.Array(mapRefSchema)) });
