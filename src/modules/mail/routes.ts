import { Elysia, t } from "elysia";
import { MAIL_TEMPLATE_TYPES } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { authPlugin, localeOf } from "../../lib/http";
import { answers } from "../../lib/responses";
import { oneOf } from "../../lib/schema";
import { MAIL_TEMPLATE_LIMITS } from "./kinds";
import { mailTemplateSchema } from "./presenter";
import { mailTemplate, mailTemplateList, resetMailTemplate, saveMailTemplate } from "./templates";

const typeQuery = t.Object({ type: oneOf(MAIL_TEMPLATE_TYPES) });

/** The mail-template editor's calls (spec 1: mail-template/list, get, save; reset to the built-in text). */
export const mailTemplateRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/mail-template" })
    .use(authPlugin(ctx))
    .get("/list", ({ request }) => mailTemplateList(ctx.db, localeOf(request)), { access: "SYSTEM_ADMIN", response: answers(t.Array(mailTemplateSchema)) })
    .get("/get", ({ query, request }) => mailTemplate(ctx.db, query.type, localeOf(request)), {
      access: "SYSTEM_ADMIN",
      query: typeQuery,
      response: answers(mailTemplateSchema),
    })
    .post("/save", ({ actor, body, request }) => saveMailTemplate(ctx.db, actor, body, localeOf(request), { owner: actor.id, signal: request.signal }), {
      access: "SYSTEM_ADMIN",
      body: t.Object({
        type: oneOf(MAIL_TEMPLATE_TYPES),
        subject: t.String({ maxLength: MAIL_TEMPLATE_LIMITS.subject }),
        value: t.String({ maxLength: MAIL_TEMPLATE_LIMITS.value }),
        disabled: t.Boolean(),
      }),
      response: answers(mailTemplateSchema),
    })
    .post("/reset", ({ actor, query, request }) => resetMailTemplate(ctx.db, actor, query.type, localeOf(request)), {
      access: "SYSTEM_ADMIN",
      query: typeQuery,
      response: answers(mailTemplateSchema),
    });
