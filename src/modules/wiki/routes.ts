import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import { articleIdParams, idParams, parentQuery, saveBody, unrelatedQuery, versionBody } from "./model";
import { WIKI_RIGHTS } from "./policy";
import { articleSchema, candidateSchema, placeSchema, treeSchema, versionSummarySchema } from "./presenter";
import {
  addVersion,
  allVersions,
  articleTree,
  createArticle,
  deleteArticle,
  lastVersion,
  setParent,
  unrelatedArticles,
  versionById,
} from "./service";

/** The wiki: one tree of versioned articles for every signed-in user (src/modules/wiki/policy.ts says who writes). */
export const wikiRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/article" })
    .use(authPlugin(ctx))
    .get("/get-articles-tree", () => articleTree(ctx.db), { access: WIKI_RIGHTS.read, response: answers(treeSchema) })
    .get("/get-last-version-by-article/:id", ({ params }) => lastVersion(ctx.db, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(articleSchema),
    })
    .get("/get-all-versions/:id", ({ params }) => allVersions(ctx.db, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(t.Array(versionSummarySchema)),
    })
    .get("/get-article-version/:id", ({ params }) => versionById(ctx.db, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(articleSchema),
    })
    .get("/get-unrelated-articles", ({ query }) => unrelatedArticles(ctx.db, query.title, query.node), {
      access: WIKI_RIGHTS.read,
      query: unrelatedQuery,
      response: answers(t.Array(candidateSchema)),
    })
    .get("/set-parent", ({ query }) => setParent(ctx.db, query.parentId ?? null, query.childId), {
      access: WIKI_RIGHTS.write,
      query: parentQuery,
      response: answers(placeSchema),
    })
    .post("/save", ({ actor, body, request }) => createArticle(ctx.db, actor, body, { owner: actor.id, signal: request.signal }), { access: WIKI_RIGHTS.write, body: saveBody, response: answers(articleSchema) })
    .post("/add-new-version/:articleId", ({ actor, params, body, request }) => addVersion(ctx.db, actor, params.articleId, body, { owner: actor.id, signal: request.signal }), {
      access: WIKI_RIGHTS.write,
      params: articleIdParams,
      body: versionBody,
      response: answers(articleSchema),
    })
    .post("/delete/:id", ({ actor, params }) => deleteArticle(ctx.db, actor, params.id), { access: WIKI_RIGHTS.remove, params: idParams, response: answers(idSchema) });
