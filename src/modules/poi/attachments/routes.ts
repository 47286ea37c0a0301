import { Elysia, t } from "elysia";
import type { AppContext } from "../../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../../lib/http";
import { answers, idSchema } from "../../../lib/responses";
import { attachData, attachedDataOf, detachData } from "./data";
import { attachDriveFiles, attachedFileResponse, attachedFilesOf, detachFile, uploadAttachedFile } from "./files";
import { addAttachedDataBody, attachedDataQuery, attachRecordsBody, bindQuery, featureQuery, idParams, idQuery, lpIdQuery } from "./model";
import { attachedDataSchema, attachedFileSchema, relatedDataSchema } from "./presenter";
import { bindData, relatedData, unbindData } from "./related";

/** What is attached to a map object or bound to a layer's feature (spec 3 "Attachments and data"): readers list and open, editors change. */
export const poiAttachmentRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/layer-poi/get-list-of-attached-data", ({ actor, query }) => attachedDataOf(ctx.db, actor, query.lpId), {
      access: "USER",
      query: lpIdQuery,
      response: answers(t.Array(attachedDataSchema)),
    })
    .post("/layer-poi/add-attached-data", ({ actor, body }) => attachData(ctx.db, actor, body.lpId, body.adId), {
      access: "USER",
      body: addAttachedDataBody,
      response: answers(attachedDataSchema),
    })
    .delete("/layer-poi/remove-attached-data", ({ actor, query }) => detachData(ctx.db, actor, query.lpAttachedAd), { access: "USER", query: attachedDataQuery, response: answers(idSchema) })
    .get("/files/get-attached-files", ({ actor, query }) => attachedFilesOf(ctx.db, actor, query.lpId), { access: "USER", query: lpIdQuery, response: answers(t.Array(attachedFileSchema)) })
    .delete("/files/attached-file", ({ actor, query }) => detachFile(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(idSchema) })
    .get("/files/get-attached-file/:id", ({ actor, params, query, request }) => attachedFileResponse(ctx, actor, params.id, request.headers.get("range"), query.inline === "1"), {
      access: "USER",
      params: idParams,
      query: t.Object({ inline: t.Optional(t.String({ maxLength: 1 })) }),
      response: answers(t.String({ format: "binary", description: "The attached file, as a download or inline for the viewers" })),
    })
    // The body is streamed into the drive by the service: this parser claims it so Elysia does not read it first.
    .post("/files/save-attached-data", ({ actor, query, request }) => uploadAttachedFile(ctx, actor, query.lpId, request), {
      access: "USER",
      parse: STREAMED_BODY,
      query: lpIdQuery,
      response: answers(t.Array(attachedFileSchema)),
    })
    .post("/files/save-attached-data-records", ({ actor, body }) => attachDriveFiles(ctx, actor, body), { access: "USER", body: attachRecordsBody, response: answers(t.Array(attachedFileSchema)) })
    .get("/layer/get-related-data", ({ actor, query }) => relatedData(ctx.db, actor, query.layerId, query.featureSys), { access: "USER", query: featureQuery, response: answers(relatedDataSchema) })
    .get("/layer/bind-data-to-feature", ({ actor, query }) => bindData(ctx.db, actor, query), { access: "USER", query: bindQuery, response: answers(relatedDataSchema) })
    .get("/layer/unbind-data-to-feature", ({ actor, query }) => unbindData(ctx.db, actor, query), { access: "USER", query: bindQuery, response: answers(relatedDataSchema) });
