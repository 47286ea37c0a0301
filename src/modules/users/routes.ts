import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { clientAddress } from "../../lib/client-address";
import { LOCALE_COOKIE } from "../../lib/i18n";
import { serializeCookie } from "../../lib/cookies";
import { ROLES } from "../../lib/roles";
import { presentUser } from "./presenter";
import { idQuery, localeBody, profileBody, registrationBody } from "./model";
import { listUsers, register, saveProfile, setActive, setLocale } from "./service";

export const userRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(ctx))
    .get("/get-user", ({ actor }) => presentUser(actor!), { access: "USER" })
    .post("/get-settings", ({ actor }) => ({ gisLogin: actor!.gisLogin, gisPassword: actor!.gisPassword }), {
      access: "USER",
    })
    .post(
      "/registration",
      async ({ body, locale, request, server, set }) => {
        const user = await register(ctx, body, locale, clientAddress(request, server, ctx.config.trustProxy));
        set.status = 201;
        return presentUser(user);
      },
      { access: "public", body: registrationBody },
    )
    .post("/save", ({ actor, body }) => presentUser(saveProfile(ctx, actor!, body)), { access: "USER", body: profileBody })
    .get("/get-all", () => listUsers(ctx.db).map(presentUser), { access: "ADMIN" })
    .get("/get-all-user-roles", () => ROLES.map((groupName) => ({ groupName })), { access: "ADMIN" })
    .post("/activate", ({ actor, query }) => presentUser(setActive(ctx, actor!, query.id, true)), {
      access: "ADMIN",
      query: idQuery,
    })
    .post("/deactivate", ({ actor, query }) => presentUser(setActive(ctx, actor!, query.id, false)), {
      access: "ADMIN",
      query: idQuery,
    })
    .post(
      "/set-locale",
      ({ actor, body, set }) => {
        if (actor) setLocale(ctx.db, actor, body.locale);
        set.headers["set-cookie"] = serializeCookie(LOCALE_COOKIE, body.locale, { maxAgeSeconds: 365 * 24 * 3600 });
        return { locale: body.locale };
      },
      { access: "public", body: localeBody },
    );
