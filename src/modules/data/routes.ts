import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import {
  activeSchema, dataItemSchema, keywordSchema, providerSchema, relationSchema, removedForeverSchema, searchHitSchema, summaryPageSchema,
  summarySchema,
} from "./presenter";
import { checkedContent } from "./content";
import { idQuery, pageBody, pageQuery, relationAddQuery, saveBody, searchByTypeQuery, searchQuery } from "./model";
import { addRelation, relationsOf, removeRelation } from "./relations";
import { findPage, itemsOfCategory, searchByName } from "./search";
import { getDataItem, removeDataItem, removeDataItemForever, restoreDataItem, saveDataItem } from "./service";
import { keywordsOfProject, providersOfProject } from "./vocabulary";

/**
 * Data items of every type (spec 2, section 7 "Data items"). Route access is the floor; the
 * project role (MODERATOR to change, member to read) is checked in the service.
 */
export const dataRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .post("/data/find-pageable-search-result", ({ actor, query, body }) => findPage(ctx.db, actor, query, body), {
      access: "USER",
      query: pageQuery,
      body: pageBody,
      response: answers(summaryPageSchema),
    })
    .get("/data/get", ({ actor, query }) => getDataItem(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(dataItemSchema) })
    .post("/data/save", async ({ actor, body, request }) => saveDataItem(ctx.db, actor, await checkedContent(ctx.db, actor, body, { owner: actor.id, signal: request.signal })), { access: "USER", body: saveBody, response: answers(dataItemSchema) })
    .get("/data/remove", ({ actor, query }) => removeDataItem(ctx, actor, query.id), { access: "USER", query: idQuery, response: answers(activeSchema) })
    .get("/data/restore", ({ actor, query }) => restoreDataItem(ctx, actor, query.id), { access: "USER", query: idQuery, response: answers(activeSchema) })
    .get("/data/remove-forever", ({ actor, query }) => removeDataItemForever(ctx, actor, query.id), { access: "ADMIN", query: idQuery, response: answers(removedForeverSchema) })
    .get("/data/get-all-for-category", ({ actor, query }) => itemsOfCategory(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(summarySchema)) })
    .get("/data/search", ({ actor, query }) => searchByName(ctx.db, actor, query.projectId, query.str), { access: "USER", query: searchQuery, response: answers(t.Array(searchHitSchema)) })
    .get("/data/search-by-type", ({ actor, query }) => searchByName(ctx.db, actor, query.projectId, query.str, query.dataType), {
      access: "USER",
      query: searchByTypeQuery,
      response: answers(t.Array(searchHitSchema)),
    })
    .get("/relations-data/get", ({ actor, query }) => relationsOf(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(relationSchema)) })
    .get("/relations-data/add", ({ actor, query }) => addRelation(ctx.db, actor, query.idNode, query.id), { access: "USER", query: relationAddQuery, response: answers(relationSchema) })
    .get("/relations-data/remove", ({ actor, query }) => removeRelation(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(idSchema) })
    // Non-strict paths: the spec's trailing-slash form and the bare one reach the same handler.
    .get("/provider/get-all-for-project/", ({ actor, query }) => providersOfProject(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(providerSchema)) })
    .get("/keyword/get-all-for-project/", ({ actor, query }) => keywordsOfProject(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(keywordSchema)) });
