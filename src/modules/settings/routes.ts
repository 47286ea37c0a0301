import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { generalSettingsSchema, gisCredentialsSchema, settingSchema } from "./presenter";
import { allSettings, generalSettings, gisCredentials, saveAllSettings } from "./service";

export const settingsRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/settings" })
    .use(authPlugin(ctx))
    .get("/get-general", () => generalSettings(ctx.db), { public: true, response: answers(generalSettingsSchema) })
    .get("/get-all", () => allSettings(ctx.db), { access: "SYSTEM_ADMIN", response: answers(t.Array(settingSchema)) })
    .post("/save-all", ({ body }) => saveAllSettings(ctx.db, body), {
      access: "SYSTEM_ADMIN",
      body: t.Array(t.Object({ label: t.String({ maxLength: 100 }), body: t.String({ maxLength: 100_000 }) }), {
        maxItems: 500,
      }),
      response: answers(t.Array(settingSchema)),
    })
    .post("/get-gis-credentials", ({ actor }) => gisCredentials(ctx.db, actor), { access: "USER", response: answers(gisCredentialsSchema) });
