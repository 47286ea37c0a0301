import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { clientAddress } from "../../lib/client-address";
import { integer } from "../../lib/schema";
import { answers, okSchema } from "../../lib/responses";
import { downloadQuery, idsQuery, nameQuery, saveRecordsBody, setQuotaBody, shareOptionsBody, tokenParams, unlockBody } from "./model";
import { fileEntitySchema, fileResponse, quotaSchema } from "./presenter";
import { addMissingFileTokens } from "./file-tokens";
import { ownQuota, setQuota } from "./quota";
import {
  addFileEntity, diskSpace, fileEntity, fileForDownload, listFiles, removeFiles, saveRecords, saveUserFile, setShareOptions, shareFiles, unlockLink, withdrawFiles,
} from "./service";

/**
 * The personal drive (spec 1, section 7 "Drive" and the chat's file calls). Every change is the
 * owner's alone, checked in the service; the download is public and the service decides who may read.
 */
const entity = answers(fileEntitySchema);
const entities = answers(t.Array(fileEntitySchema));
const cookiesOf = (request: Request) => request.headers.get("cookie");

export const driveRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    // The body is streamed to disk by the service: this parser claims it so Elysia does not read it first.
    .post("/files/save-user-file", ({ actor, request }) => saveUserFile(ctx, actor, request), { access: "USER", parse: STREAMED_BODY, response: entity })
    .get("/files/get-file-entities", ({ actor, query }) => listFiles(ctx.db, actor, query.name), { access: "USER", query: nameQuery, response: entities })
    .get("/files/get-file-entity/:token", ({ actor, params, request }) => fileEntity(ctx, actor, params.token, cookiesOf(request)), { access: "USER", params: tokenParams, response: entity })
    .get("/files/get-user-file/:token", async ({ actor, params, query, request }) => fileResponse(await fileForDownload(ctx, actor, params.token, request.headers.get("range"), cookiesOf(request)), query.inline === "1"), { public: true, params: tokenParams, query: downloadQuery })
    .post("/files/share", ({ actor, query }) => shareFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: entities })
    .post("/files/withdraw", ({ actor, query }) => withdrawFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: entities })
    .post("/files/share-options", ({ actor, body }) => setShareOptions(ctx, actor, body), { access: "USER", body: shareOptionsBody, response: entity })
    .post(
      "/files/unlock-share/:token",
      async ({ params, body, request, server, set }) => {
        const cookie = await unlockLink(ctx, params.token, body.password, clientAddress(request, server, ctx.config.trustProxy));
        // One Set-Cookie, the link's: a Response of our own (see the logout route).
        delete set.headers["set-cookie"];
        return new Response(JSON.stringify({ status: "ok" }), { headers: { "content-type": "application/json; charset=utf-8", "set-cookie": cookie } });
      },
      { public: true, params: tokenParams, body: unlockBody, response: answers(okSchema) },
    )
    .post("/files/remove", ({ actor, query }) => removeFiles(ctx, actor, query), { access: "USER", query: idsQuery, response: answers(t.Object({ ids: t.Array(integer()) })) })
    .post("/files/add-file-entity/:token", ({ actor, params, request }) => addFileEntity(ctx, actor, params.token, cookiesOf(request)), { access: "USER", params: tokenParams, response: entity })
    .post("/files/save-records", ({ actor, body }) => saveRecords(ctx, actor, body), { access: "USER", body: saveRecordsBody, response: entities })
    .get("/files/disk-space", () => diskSpace(ctx), { access: "USER", response: answers(t.Object({ free: t.Number(), total: t.Number() })) })
    .get("/files/quota", ({ actor }) => ownQuota(ctx, actor), { access: "USER", response: answers(quotaSchema) })
    .post("/files/set-quota", ({ actor, body }) => setQuota(ctx, actor, body), { access: "ADMIN", body: setQuotaBody, response: answers(quotaSchema) })
    .post("/update/add-tokens", ({ actor }) => addMissingFileTokens(ctx.db, actor), { access: "SYSTEM_ADMIN", response: answers(t.Object({ checked: integer(), added: integer() })) });
