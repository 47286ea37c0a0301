import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { integer } from "../../lib/schema";
import { answers } from "../../lib/responses";
import { downloadQuery, idsQuery, nameQuery, saveRecordsBody, tokenParams } from "./model";
import { fileEntitySchema, fileResponse } from "./presenter";
import {
  addFileEntity, diskSpace, fileEntity, fileForDownload, listFiles, removeFiles, saveRecords, saveUserFile, shareFiles, withdrawFiles,
} from "./service";

/**
 * The personal drive (spec 1, section 7 "Drive" and the chat's file calls). Every change is the
 * owner's alone, checked in the service; the download is public and the service decides who may read.
 */
const entity = answers(fileEntitySchema);
const entities = answers(t.Array(fileEntitySchema));

export const driveRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    // The body is streamed to disk by the service: this parser claims it so Elysia does not read it first.
    .post("/files/save-user-file", ({ actor, request }) => saveUserFile(ctx, actor, request), { access: "USER", parse: STREAMED_BODY, response: entity })
    .get("/files/get-file-entities", ({ actor, query }) => listFiles(ctx.db, actor, query.name), { access: "USER", query: nameQuery, response: entities })
    .get("/files/get-file-entity/:token", ({ actor, params }) => fileEntity(ctx.db, actor, params.token), { access: "USER", params: tokenParams, response: entity })
    .get("/files/get-user-file/:token", async ({ actor, params, query, request }) => fileResponse(await fileForDownload(ctx, actor, params.token, request.headers.get("range")), query.inline === "1"), { public: true, params: tokenParams, query: downloadQuery })
    .post("/files/share", ({ actor, query }) => shareFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: entities })
    .post("/files/withdraw", ({ actor, query }) => withdrawFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: entities })
    .post("/files/remove", ({ actor, query }) => removeFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: answers(t.Object({ ids: t.Array(integer()) })) })
    .post("/files/add-file-entity/:token", ({ actor, params }) => addFileEntity(ctx, actor, params.token), { access: "USER", params: tokenParams, response: entity })
    .post("/files/save-records", ({ actor, body }) => saveRecords(ctx, actor, body), { access: "USER", body: saveRecordsBody, response: entities })
    .get("/files/disk-space", () => diskSpace(ctx), { access: "USER", response: answers(t.Object({ free: t.Number(), total: t.Number() })) });
