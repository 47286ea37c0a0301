import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { idParams, optionsQuery, pageQuery } from "./model";
import { optionsSchema, tablePageSchema } from "./presenter";
import { tableOptions, tablePage } from "./service";

/** Tables (spec 2): pages sorted and filtered on the server, column values, edits, import and export. */
export const tableRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get(
      "/table/get-table/:id",
      ({ actor, params, query }) =>
        tablePage(ctx.db, actor, params.id, {
          page: query.page ?? 0,
          rowsPerPage: query.rowsPerPage ?? 100,
          sortBy: query.sortBy || undefined,
          desc: query.desc === "true",
          filter: query.filter || undefined,
        }),
      { access: "USER", params: idParams, query: pageQuery, response: answers(tablePageSchema) },
    )
    .get("/table/get-options", ({ actor, query }) => tableOptions(ctx.db, actor, query.tableId, query.header), {
      access: "USER",
      query: optionsQuery,
      response: answers(optionsSchema),
    });
