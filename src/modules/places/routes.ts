import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers } from "../../lib/responses";
import { loadSchema, nearestSchema, placeSchema, pointQuery, searchQuery } from "./model";
import { loadGeonames } from "./load";
import { findPlaces, placeAt } from "./service";

/** The map search's places and addresses, and 'what is here' (spec 3), for signed-in users; the gazetteer's replacement from a GeoNames dump, for system administrators (the GIS settings). */
export const placeRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/places" })
    .use(authPlugin(ctx))
    .get("/search", ({ query, locale }) => findPlaces(ctx.db, query, locale), { access: "USER", query: searchQuery, response: answers(t.Object({ content: t.Array(placeSchema) })) })
    .get("/nearest", ({ query, locale }) => placeAt(ctx.db, query.lat, query.lon, locale), { access: "USER", query: pointQuery, response: answers(nearestSchema) })
    // The body is streamed to disk by the loader: this parser claims it so Elysia does not read it first.
    .post("/load", ({ actor, request }) => loadGeonames(ctx, actor, request), { access: "SYSTEM_ADMIN", parse: STREAMED_BODY, response: answers(loadSchema) });
