import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { conditionsOf, immutableAnswer } from "../../lib/downloads";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import { versionBody, versionPicture } from "./body-service";
import { addVersionBody, bodyQuery, idParams, pictureQuery, saveAllBody, stagedPathParam, updateVersionBody } from "./model";
import { bodyPartSchema, savedDocumentSchema, stagedSchema, versionSchema } from "./presenter";
import { addVersion, removeVersion, saveAll, stageUploads, updateVersion, versionFile, versionsOf } from "./service";
import { saveForProject, stagedFileResponse } from "./staged-document";

/** Documents: staged uploads, versions, converted bodies in parts, and downloads of the originals. */
export const docRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    // The body is streamed to disk by the service: this parser claims it so Elysia does not read it first.
    .post("/files/save", ({ actor, request }) => stageUploads(ctx, actor, request), {
      access: "USER",
      parse: STREAMED_BODY,
      response: answers(t.Array(stagedSchema)),
    })
    .post("/docs/add-doc-version", ({ actor, body }) => addVersion(ctx, actor, body), { access: "USER", body: addVersionBody, response: answers(versionSchema) })
    .post("/docs/update-doc-version", ({ actor, body }) => updateVersion(ctx, actor, body), { access: "USER", body: updateVersionBody, response: answers(versionSchema) })
    .get("/docs/get-all-versions/:id", ({ actor, params }) => versionsOf(ctx.db, actor, params.id), {
      access: "USER",
      params: idParams,
      response: answers(t.Array(versionSchema)),
    })
    .get("/docs/get-body/:id", ({ actor, params, query, request, set }) => immutableAnswer(conditionsOf(request), set, versionBody(ctx.db, actor, params.id, query.part)), {
      access: "USER",
      params: idParams,
      query: bodyQuery,
      response: answers(bodyPartSchema),
    })
    .get("/docs/get-picture/:id", ({ actor, params, query }) => versionPicture(ctx.db, actor, params.id, query.n), {
      access: "USER",
      params: idParams,
      query: pictureQuery,
    })
    .post("/docs/remove-doc-version/:id", ({ actor, params }) => removeVersion(ctx, actor, params.id), {
      access: "USER",
      params: idParams,
      response: answers(idSchema),
    })
    .post("/docs/save-all/:projectId", ({ actor, params, body }) => saveAll(ctx, actor, params.projectId, body), {
      access: "USER",
      params: t.Object({ projectId: idParams.properties.id }),
      body: saveAllBody,
      response: answers(t.Array(savedDocumentSchema)),
    })
    .post("/docs/save-for-project/:projectId", ({ actor, params, body }) => saveForProject(ctx, actor, params.projectId, body), {
      access: "USER",
      params: t.Object({ projectId: idParams.properties.id }),
      body: saveAllBody.items,
      response: answers(savedDocumentSchema),
    })
    .get("/files/get-temp-file/:path", ({ actor, params, request }) => stagedFileResponse(ctx, actor, params.path, conditionsOf(request)), {
      access: "USER",
      params: t.Object({ path: stagedPathParam }),
      response: answers(t.String({ format: "binary", description: "A staged upload, inline, for its uploader's preview" })),
    })
    .get("/files/get-doc-version/:id", ({ actor, params, query, request }) => versionFile(ctx, actor, params.id, query.inline === "1", conditionsOf(request)), {
      access: "USER",
      params: idParams,
      query: t.Object({ inline: t.Optional(t.String({ maxLength: 1 })) }),
      response: answers(t.String({ format: "binary", description: "The original file, as a download or inline" })),
    });
