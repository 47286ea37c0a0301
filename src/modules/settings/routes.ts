import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { generalSettingsSchema, gisCredentialsSchema, revealedSettingSchema, settingSchema } from "./presenter";
import { allSettings, generalSettings, gisCredentials, revealSetting, saveAllSettings } from "./service";
import { sendTestMessage } from "../mail/test-message";

export const settingsRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/settings" })
    .use(authPlugin(ctx))
    .get("/get-general", () => generalSettings(ctx.db), { public: true, response: answers(generalSettingsSchema) })
    .get("/get-all", () => allSettings(ctx.db), { access: "SYSTEM_ADMIN", response: answers(t.Array(settingSchema)) })
    .post("/save-all", ({ actor, body, locale }) => saveAllSettings(ctx.db, actor, body, locale), {
      access: "SYSTEM_ADMIN",
      body: t.Array(t.Object({ label: t.String({ maxLength: 100 }), body: t.String({ maxLength: 100_000 }) }), {
        maxItems: 500,
      }),
      response: answers(t.Array(settingSchema)),
    })
    .post("/reveal", ({ query, actor }) => revealSetting(ctx.db, actor, query.label), {
      access: "SYSTEM_ADMIN",
      query: t.Object({ label: t.String({ maxLength: 100 }) }),
      response: answers(revealedSettingSchema),
    })
    .post("/send-test-message", ({ query, actor }) => sendTestMessage(ctx, query.email, actor.locale), {
      access: "SYSTEM_ADMIN",
      query: t.Object({ email: t.String({ maxLength: 254 }) }),
      response: answers(t.Object({ sent: t.Boolean() })),
    })
    .post("/get-gis-credentials", ({ actor }) => gisCredentials(ctx.db, actor), { access: "USER", response: answers(gisCredentialsSchema) });
