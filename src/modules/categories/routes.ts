import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { categoryBody, copyBody, copyQuery, idQuery, orderBody } from "./model";
import { answers } from "../../lib/responses";
import { categoryDetailsSchema, categorySchema, presentCategory } from "./presenter";
import {
  categoryDetailsList,
  copyCategory,
  deleteCategory,
  getCategory,
  listForProject,
  saveCategory,
  saveOrder,
} from "./service";

/** Categories of a project. Elysia answers a path with or without its trailing slash alike. */
export const categoryRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/category" })
    .use(authPlugin(ctx))
    .get("/get-all-for-project/", ({ actor, query }) => listForProject(ctx.db, actor, query.id).map(presentCategory), {
      access: "USER",
      query: idQuery,
      response: answers(t.Array(categorySchema)),
    })
    .get("/get", ({ actor, query }) => presentCategory(getCategory(ctx.db, actor, query.id)), { access: "USER", query: idQuery, response: answers(categorySchema) })
    .get(
      "/get-category-details-list",
      ({ actor, query }) =>
        categoryDetailsList(ctx.db, actor, query.id).map((d) => ({ ...d, category: presentCategory(d.category) })),
      { access: "USER", query: idQuery, response: answers(t.Array(categoryDetailsSchema)) },
    )
    .post("/save", async ({ actor, body, request }) => presentCategory(await saveCategory(ctx.db, actor, body, { owner: actor.id, signal: request.signal })), { access: "ADMIN", body: categoryBody, response: answers(categorySchema) })
    .post("/save-all", ({ actor, body }) => saveOrder(ctx.db, actor, body).map(presentCategory), { access: "ADMIN", body: orderBody, response: answers(t.Array(categorySchema)) })
    .post("/delete", ({ actor, query }) => presentCategory(deleteCategory(ctx, actor, query.id)), { access: "ADMIN", query: idQuery, response: answers(categorySchema) })
    .post(
      "/make-copy",
      ({ actor, query, body }) =>
        presentCategory(
          copyCategory(ctx.db, actor, {
            categoryId: body?.categoryId ?? query.categoryId,
            name: body?.name ?? query.name,
            nameFrom: body?.name !== undefined ? "body" : "query",
          }),
        ),
      { access: "ADMIN", query: copyQuery, body: copyBody, response: answers(categorySchema) },
    );
