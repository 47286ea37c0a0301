import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { clientAddress } from "../../lib/client-address";
import { LOCALE_COOKIE } from "../../lib/i18n";
import { serializeCookie } from "../../lib/cookies";
import { ROLES } from "../../lib/roles";
import { answers, okSchema } from "../../lib/responses";
import { gisSettingsSchema, localeSchema, presentUser, roleSchema, userSchema } from "./presenter";
import { idQuery, localeBody, passwordChangeBody, profileBody, registrationBody, signInLinkBody, userIdQuery } from "./model";
import { exportUsers } from "./export";
import { generateSignInLink, signInWithLink } from "./sign-in-link";
import { sessionCookie } from "../auth/sessions";
import { changePassword } from "./password-change";
import { listUsers, register, saveProfile, setActive, setLocale } from "./service";

export const userRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(ctx))
    .get("/get-user", ({ actor }) => presentUser(actor), { access: "USER", response: answers(userSchema) })
    .post("/get-settings", ({ actor }) => ({ gisLogin: actor.gisLogin, gisPassword: actor.gisPassword }), {
      access: "USER",
      response: answers(gisSettingsSchema),
    })
    .post(
      "/registration",
      async ({ body, locale, request, server, set }) => {
        const user = await register(ctx, body, locale, clientAddress(request, server, ctx.config.trustProxy));
        set.status = 201;
        return presentUser(user);
      },
      { public: true, body: registrationBody, response: { 201: answers(userSchema) } },
    )
    .post("/save", ({ actor, body }) => presentUser(saveProfile(ctx, actor, body)), { access: "USER", body: profileBody, response: answers(userSchema) })
    .post(
      "/change-password",
      async ({ actor, sessionId, body }) => {
        await changePassword(ctx, actor, sessionId!, body);
        return { status: "ok" };
      },
      { access: "USER", body: passwordChangeBody, response: answers(okSchema) },
    )
    .get("/get-all", () => listUsers(ctx.db).map(presentUser), { access: "ADMIN", response: answers(t.Array(userSchema)) })
    .get("/get-all-user-roles", () => ROLES.map((groupName) => ({ groupName })), { access: "ADMIN", response: answers(t.Array(roleSchema)) })
    .post("/activate", ({ actor, query }) => presentUser(setActive(ctx, actor, query.id, true)), {
      access: "ADMIN",
      query: idQuery,
      response: answers(userSchema),
    })
    .post("/deactivate", ({ actor, query }) => presentUser(setActive(ctx, actor, query.id, false)), {
      access: "ADMIN",
      query: idQuery,
      response: answers(userSchema),
    })
    .get("/export/xlsx", ({ actor, request }) => exportUsers(ctx.db, actor, request.signal), {
      access: "ADMIN",
      response: answers(t.String({ format: "binary", description: "Every user as an XLSX workbook" })),
    })
    .post("/generate-token", ({ actor, query }) => generateSignInLink(ctx, actor, query.userId), {
      access: "ADMIN",
      query: userIdQuery,
      response: answers(t.Object({ url: t.String() })),
    })
    .post(
      "/sign-in-with-token",
      ({ body, set }) => {
        const session = signInWithLink(ctx, body.token);
        // One cookie, the new session's: a renewal of whatever session the browser had is not sent beside it.
        delete set.headers["set-cookie"];
        return new Response(JSON.stringify(presentUser(session.user)), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "set-cookie": sessionCookie(session.token, session.expiresAt, ctx.config.secureCookies),
          },
        });
      },
      { public: true, body: signInLinkBody, response: answers(userSchema) },
    )
    .post(
      "/set-locale",
      ({ actor, body, set }) => {
        if (actor) setLocale(ctx.db, actor, body.locale);
        set.headers["set-cookie"] = serializeCookie(LOCALE_COOKIE, body.locale, { maxAgeSeconds: 365 * 24 * 3600 });
        return { locale: body.locale };
      },
      { public: true, body: localeBody, response: answers(localeSchema) },
    );
