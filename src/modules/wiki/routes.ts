import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import { articleIdParams, idParams, parentQuery, saveBody, unrelatedQuery, versionBody } from "./model";
import { pictureResponse, uploadPicture } from "./pictures";
import { readableSpaces, WIKI_RIGHTS } from "./policy";
import { articleSchema, candidateSchema, pictureSchema, placeSchema, treeSchema, versionSummarySchema } from "./presenter";
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

/**
 * The wiki: trees of versioned articles, the shared one and each project's space. Every route is open to any
 * signed-in user; the services check the space (src/modules/wiki/policy.ts says who reads and writes where).
 */
export const wikiRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/article" })
    .use(authPlugin(ctx))
    .get("/get-articles-tree", ({ actor }) => articleTree(ctx.db, readableSpaces(ctx.db, actor)), { access: WIKI_RIGHTS.read, response: answers(treeSchema) })
    .get("/get-last-version-by-article/:id", ({ actor, params }) => lastVersion(ctx.db, actor, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(articleSchema),
    })
    .get("/get-all-versions/:id", ({ actor, params }) => allVersions(ctx.db, actor, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(t.Array(versionSummarySchema)),
    })
    .get("/get-article-version/:id", ({ actor, params }) => versionById(ctx.db, actor, params.id), {
      access: WIKI_RIGHTS.read,
      params: idParams,
      response: answers(articleSchema),
    })
    .get("/get-unrelated-articles", ({ actor, query }) => unrelatedArticles(ctx.db, readableSpaces(ctx.db, actor), query.title, query.node), {
      access: WIKI_RIGHTS.read,
      query: unrelatedQuery,
      response: answers(t.Array(candidateSchema)),
    })
    .get("/set-parent", ({ actor, query }) => setParent(ctx.db, actor, query.parentId ?? null, query.childId), {
      access: WIKI_RIGHTS.read,
      query: parentQuery,
      response: answers(placeSchema),
    })
    .post("/save", ({ actor, body, request }) => createArticle(ctx.db, actor, body, { owner: actor.id, signal: request.signal }), { access: WIKI_RIGHTS.read, body: saveBody, response: answers(articleSchema) })
    .post("/add-new-version/:articleId", ({ actor, params, body, request }) => addVersion(ctx.db, actor, params.articleId, body, { owner: actor.id, signal: request.signal }), {
      access: WIKI_RIGHTS.read,
      params: articleIdParams,
      body: versionBody,
      response: answers(articleSchema),
    })
    .post("/delete/:id", ({ actor, params }) => deleteArticle(ctx.db, ctx.config.dataDir, actor, params.id), { access: WIKI_RIGHTS.remove, params: idParams, response: answers(idSchema) })
    // The body is streamed to disk by the service: this parser claims it so Elysia does not read it first.
    .post("/upload-picture", ({ actor, request }) => uploadPicture(ctx, actor, request), { access: WIKI_RIGHTS.read, parse: STREAMED_BODY, response: answers(pictureSchema) })
    .get("/picture/:id", ({ actor, params, request }) => pictureResponse(ctx, actor, params.id, request), { access: WIKI_RIGHTS.read, params: idParams });
