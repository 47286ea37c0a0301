import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { downloadQuery, idsQuery, nameQuery, saveRecordsBody, tokenParams } from "./model";
import { fileResponse } from "./presenter";
import {
  addFileEntity, diskSpace, fileEntity, fileForDownload, listFiles, removeFiles, saveRecords, saveUserFile, shareFiles, withdrawFiles,
} from "./service";

/**
 * The personal drive (spec 1, section 7 "Drive" and the chat's file calls). Every change is the
 * owner's alone, checked in the service; the download is public and the service decides who may read.
 */
export const driveRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    // The body is streamed to disk by the service: this parser claims it so Elysia does not read it first.
    .post("/files/save-user-file", ({ actor, request }) => saveUserFile(ctx, actor!, request), { access: "USER", parse: () => ({}) })
    .get("/files/get-file-entities", ({ actor, query }) => listFiles(ctx.db, actor!, query.name), { access: "USER", query: nameQuery })
    .get("/files/get-file-entity/:token", ({ actor, params }) => fileEntity(ctx.db, actor!, params.token), { access: "USER", params: tokenParams })
    .get(
      "/files/get-user-file/:token",
      async ({ actor, params, query, request }) =>
        fileResponse(await fileForDownload(ctx, actor, params.token, request.headers.get("range")), {
          inline: query.inline === "1",
          range: request.headers.get("range"),
        }),
      { access: "public", params: tokenParams, query: downloadQuery },
    )
    .post("/files/share", ({ actor, query }) => shareFiles(ctx, actor!, query), { access: "USER", query: idsQuery })
    .post("/files/withdraw", ({ actor, query }) => withdrawFiles(ctx, actor!, query), { access: "USER", query: idsQuery })
    .post("/files/remove", ({ actor, query }) => removeFiles(ctx, actor!, query), { access: "USER", query: idsQuery })
    .post("/files/add-file-entity/:token", ({ actor, params }) => addFileEntity(ctx, actor!, params.token), { access: "USER", params: tokenParams })
    .post("/files/save-records", ({ actor, body }) => saveRecords(ctx, actor!, body), { access: "USER", body: saveRecordsBody })
    .get("/files/disk-space", () => diskSpace(ctx), { access: "USER" });
