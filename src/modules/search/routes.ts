import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { findFullText } from "./fulltext-find";
import { reindexStatus, startReindex } from "./fulltext-index";
import { findQuery, fullTextQuery } from "./model";
import { findByName } from "./names";
import { fullTextPageSchema, globalHitsSchema, reindexStatusSchema } from "./presenter";

/** Search: global-search/find by name, full-text-search/find by content and its rebuild (spec 1, section 5). */
export const searchRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/global-search/find", ({ actor, query }) => findByName(ctx, actor, query.q, query.projectId), {
      access: "USER",
      query: findQuery,
      response: answers(globalHitsSchema),
    })
    .get("/full-text-search/find", ({ actor, query }) => findFullText(ctx, actor, query.q, query.page), {
      access: "USER",
      query: fullTextQuery,
      response: answers(fullTextPageSchema),
    })
    .post("/full-text-search/reindex", () => startReindex(ctx), { access: "SYSTEM_ADMIN", response: answers(reindexStatusSchema) })
    .get("/full-text-search/reindex-status", () => reindexStatus(ctx.db), { access: "SYSTEM_ADMIN", response: answers(reindexStatusSchema) });
