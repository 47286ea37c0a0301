import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { findQuery } from "./model";
import { findByName } from "./names";
import { globalHitsSchema } from "./presenter";

/** Search: global-search/find by name (spec 1, section 5). */
export const searchRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/global-search/find", ({ actor, query }) => findByName(ctx, actor, query.q, query.projectId), {
      access: "USER",
      query: findQuery,
      response: answers(globalHitsSchema),
    });
