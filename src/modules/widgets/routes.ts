import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import { idQuery, projectQuery, widgetBody, widgetListBody } from "./model";
import { widgetSchema } from "./presenter";
import { listWidgets, removeWidget, saveAllWidgets, saveWidget } from "./service";

/**
 * The dashboard's widgets (spec 2, section 7 "Widgets"). Members read; the project role (MODERATOR)
 * to change is checked in the service. remove is a GET, as the spec has it: like every call it needs
 * the proof header, so a link cannot trigger it.
 */
export const widgetRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/widget" })
    .use(authPlugin(ctx))
    .get("/get-all", ({ actor, query }) => listWidgets(ctx.db, actor, query.projectId), { access: "USER", query: projectQuery, response: answers(t.Array(widgetSchema)) })
    .post("/save", ({ actor, body }) => saveWidget(ctx.db, actor, body), { access: "USER", body: widgetBody, response: answers(widgetSchema) })
    .post("/save-all", ({ actor, body }) => saveAllWidgets(ctx.db, actor, body), { access: "USER", body: widgetListBody, response: answers(t.Array(widgetSchema)) })
    .get("/remove", ({ actor, query }) => removeWidget(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(idSchema) });
