import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers } from "../../lib/responses";
import { dataItemSchema } from "../data/presenter";
import { updateTable } from "./edit";
import { exportTable } from "./export";
import { previewImport, saveForProject } from "./import";
import { setColumnType } from "./retype";
import { columnTypeBody, exportQuery, findRowQuery, idParams, optionsQuery, pageQuery, projectParams, updateBody } from "./model";
import { columnKindSchema, foundRowSchema, optionsSchema, previewSchema, tablePageSchema, updatedSchema } from "./presenter";
import { findRow, tableOptions, tablePage } from "./service";

/** Tables (spec 2): pages sorted and filtered on the server, column values, edits, import and export. */
export const tableRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get(
      "/table/get-table/:id",
      ({ actor, params, query, locale }) =>
        tablePage(ctx.db, actor, params.id, {
          locale,
          page: query.page ?? 0,
          rowsPerPage: query.rowsPerPage ?? 100,
          sortBy: query.sortBy || undefined,
          desc: query.desc === "true",
          filter: query.filter || undefined,
        }),
      { access: "USER", params: idParams, query: pageQuery, response: answers(tablePageSchema) },
    )
    .get("/table/find-row/:id", ({ actor, params, query }) => findRow(ctx.db, actor, params.id, query.q), {
      access: "USER",
      params: idParams,
      query: findRowQuery,
      response: answers(foundRowSchema),
    })
    .get("/table/get-options", ({ actor, query }) => tableOptions(ctx.db, actor, query.tableId, query.header), {
      access: "USER",
      query: optionsQuery,
      response: answers(optionsSchema),
    })
    .post("/table/update", ({ actor, body, locale }) => updateTable(ctx.db, actor, body, locale), { access: "USER", body: updateBody, response: answers(updatedSchema) })
    .post("/table/column-type", ({ actor, body }) => setColumnType(ctx.db, actor, body), { access: "USER", body: columnTypeBody, response: answers(columnKindSchema) })
    // Uploads are streamed to disk by the service: this parser claims the body so Elysia does not read it first.
    .post("/table/preview", ({ actor, request }) => previewImport(ctx, actor, request), { access: "USER", parse: STREAMED_BODY, response: answers(previewSchema) })
    .post("/table/save-for-project/:projectId", ({ actor, params, request }) => saveForProject(ctx, actor, params.projectId, request), {
      access: "USER",
      params: projectParams,
      parse: STREAMED_BODY,
      response: answers(dataItemSchema),
    })
    .get("/files/get-data-table/:id", ({ actor, params, query, request, locale }) => exportTable(ctx.db, actor, params.id, { format: query.format ?? "xlsx", csv: query.csv, locale }, request.signal), {
      access: "USER",
      params: idParams,
      query: exportQuery,
      response: answers(t.String({ format: "binary", description: "The table as XLSX (the default) or CSV" })),
    });
