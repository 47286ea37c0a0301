import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers } from "../../lib/responses";
import { checkGeoJson } from "./geojson/check";
import { layerExport } from "./geojson/export";
import { saveAll } from "./geojson/save-all";
import { changelogOf } from "./objects/changelog";
import { geoJsonResponse, layerGeoJson } from "./objects/boxes";
import { deleteObject, findByName, findObject, objectMetadata, saveObject } from "./objects/service";
import { deleteByTemplate, exportObjects, filterObjects } from "./objects/table";
import { exportQuery, filterBody, findByNameQuery, geoJsonQuery, idQuery, layerIdsQuery, layerQuery, layerTemplateQuery, lpIdQuery, objectBody, optionalFilterBody, styleBody, templateBody } from "./model";
import {
  changelogSchema,
  exportSchema,
  geoJsonReportSchema,
  geoJsonSchema,
  layerTemplatesSchema,
  metadataSchema,
  objectSchema,
  pageSchema,
  presentObject,
  presentStyle,
  presentTemplate,
  saveAllSchema,
  styleSchema,
  templateSchema,
} from "./presenter";
import { deleteStyle, listStyles, saveStyle } from "./styles/service";
import { bindTemplate, type FullTemplate, layerTemplates, listTemplates, saveTemplate, setTemplateActive, templatesOfLayers } from "./templates/service";

/** Styles and templates of points of interest: an administrator's lists, read by every signed-in user (the map draws with them). */
export const poiAdminRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/layer-poi-style", () => listStyles(ctx.db).map(presentStyle), { access: "USER", response: answers(t.Array(styleSchema)) })
    .post("/layer-poi-style", ({ actor, body }) => presentStyle(saveStyle(ctx.db, actor, body)), { access: "ADMIN", body: styleBody, response: answers(styleSchema) })
    .delete("/layer-poi-style", ({ actor, query }) => presentStyle(deleteStyle(ctx.db, actor, query.id)), { access: "ADMIN", query: idQuery, response: answers(styleSchema) })
    .get("/layer-poi-template", () => listTemplates(ctx.db).map(presentTemplate), { access: "USER", response: answers(t.Array(templateSchema)) })
    .post("/layer-poi-template", ({ actor, body }) => presentTemplate(saveTemplate(ctx.db, actor, body)), { access: "ADMIN", body: templateBody, response: answers(templateSchema) })
    .get(
      "/layer-poi-template/by-layers",
      ({ actor, query }) => templatesOfLayers(ctx.db, actor, query.layerIds.split(",").map(Number)).map(presentBound),
      { access: "USER", query: layerIdsQuery, response: answers(t.Array(layerTemplatesSchema)) },
    )
    .post("/layer-poi-template/activate", ({ actor, query }) => presentTemplate(setTemplateActive(ctx.db, actor, query.id, true)), {
      access: "SYSTEM_ADMIN",
      query: idQuery,
      response: answers(templateSchema),
    })
    .post("/layer-poi-template/deactivate", ({ actor, query }) => presentTemplate(setTemplateActive(ctx.db, actor, query.id, false)), {
      access: "SYSTEM_ADMIN",
      query: idQuery,
      response: answers(templateSchema),
    })
    .get("/layer/get-poi-templates", ({ actor, query }) => presentBound(layerTemplates(ctx.db, actor, query.layerId)), {
      access: "USER",
      query: layerQuery,
      response: answers(layerTemplatesSchema),
    })
    .post("/layer/bind-poi-template", ({ actor, query }) => presentBound(bindTemplate(ctx.db, actor, query.layerId, query.templateId, true)), {
      access: "ADMIN",
      query: layerTemplateQuery,
      response: answers(layerTemplatesSchema),
    })
    .post("/layer/unbind-poi-template", ({ actor, query }) => presentBound(bindTemplate(ctx.db, actor, query.layerId, query.templateId, false)), {
      access: "ADMIN",
      query: layerTemplateQuery,
      response: answers(layerTemplatesSchema),
    });

const presentBound = (bound: { layerId: number; templates: FullTemplate[] }) => ({ id: bound.layerId, poiTemplates: bound.templates.map(presentTemplate) });

/** Points of interest on LAYER items: members read, moderators edit (spec 3 section 6), checked per request in the services. */
export const poiObjectRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/layer-poi" })
    .use(authPlugin(ctx))
    .get("/find-by-id", ({ actor, query }) => presentObject(findObject(ctx.db, actor, query.id)), { access: "USER", query: idQuery, response: answers(objectSchema) })
    .get(
      "/find-by-name",
      ({ actor, query }) => ({ content: findByName(ctx.db, actor, query.layerIds.split(",").map(Number), query.name, query.exactMatch ?? false).map(presentObject) }),
      { access: "USER", query: findByNameQuery, response: answers(t.Object({ content: t.Array(objectSchema) })) },
    )
    .get("/get-metadata", ({ actor, query }) => objectMetadata(ctx.db, actor, query.lpId), { access: "USER", query: lpIdQuery, response: answers(metadataSchema) })
    .get("/changelog/get", ({ actor, query }) => changelogOf(ctx.db, actor, query.lpId), { access: "USER", query: lpIdQuery, response: answers(changelogSchema) })
    .post("/save", ({ actor, body, locale }) => presentObject(saveObject(ctx.db, actor, body, locale)), { access: "USER", body: objectBody, response: answers(objectSchema) })
    .delete("", ({ actor, query }) => presentObject(deleteObject(ctx.db, actor, query.id)), { access: "USER", query: idQuery, response: answers(objectSchema) })
    .post("/filter", ({ actor, query, body }) => paged(filterObjects(ctx.db, actor, query.layerId, query.templateId, body)), {
      access: "USER",
      query: layerTemplateQuery,
      body: filterBody,
      response: answers(pageSchema),
    })
    .post("/export/xlsx", ({ actor, query, body, request }) => exportObjects(ctx.db, actor, query.layerId, query.templateId, body ?? undefined, request.signal), {
      access: "USER",
      query: layerTemplateQuery,
      body: optionalFilterBody,
      response: answers(t.String({ format: "binary", description: "The objects of one template as an XLSX workbook" })),
    })
    .delete("/delete-by-template", ({ actor, query }) => deleteByTemplate(ctx.db, actor, query.layerId, query.templateId), {
      access: "ADMIN",
      query: layerTemplateQuery,
      response: answers(t.Object({ count: t.Integer() })),
    })
    .get("/geo-json", ({ actor, query }) => layerExport(ctx.db, actor, query), { access: "USER", query: exportQuery, response: answers(exportSchema) })
    .post("/geo-json/check", ({ actor, request }) => checkGeoJson(ctx, actor, request), { access: "ADMIN", parse: STREAMED_BODY, response: answers(geoJsonReportSchema) })
    .post("/save-all", ({ actor, request, locale }) => saveAll(ctx, actor, request, locale), { access: "ADMIN", parse: STREAMED_BODY, response: answers(saveAllSchema) })
    .get("/min-geo-json", ({ actor, query }) => geoJsonResponse(layerGeoJson(ctx.db, actor, query)), { access: "USER", query: geoJsonQuery, response: answers(geoJsonSchema) });

const paged = (page: ReturnType<typeof filterObjects>) => ({ content: page.content.map(presentObject), totalElements: page.totalElements });
