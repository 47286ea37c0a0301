import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { nearestSchema, placeSchema, pointQuery, searchQuery } from "./model";
import { findPlaces, placeAt } from "./service";

/** The map search's places and addresses, and 'what is here' (spec 3): for signed-in users. */
export const placeRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/places" })
    .use(authPlugin(ctx))
    .get("/search", ({ query, locale }) => findPlaces(ctx.db, query, locale), { access: "USER", query: searchQuery, response: answers(t.Object({ content: t.Array(placeSchema) })) })
    .get("/nearest", ({ query, locale }) => placeAt(ctx.db, query.lat, query.lon, locale), { access: "USER", query: pointQuery, response: answers(nearestSchema) });
