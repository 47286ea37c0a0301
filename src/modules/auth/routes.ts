import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { authPlugin } from "../../lib/http";
import { clientAddress } from "../../lib/client-address";
import { readCookie } from "../../lib/cookies";
import { safeNext } from "../../lib/safe-next";
import { answers, okSchema } from "../../lib/responses";
import { presentUser, userSchema } from "../users/presenter";
import { DEVICE_COOKIE, deviceCookies } from "./device-cookie";
import { loginBody } from "./model";
import { login, logout } from "./service";
import { clearedSessionCookie, sessionCookie } from "./sessions";

const isFormPost = (request: Request) =>
  (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");

/** POST /api/login takes JSON from scripts, or a plain form post from the sign-in page without JavaScript. */
export const authRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .post(
      "/login",
      async ({ body, request, server, set }) => {
        const form = isFormPost(request);
        // The form post carries the sign-in page's `next`: followed only when it is a page of ours.
        const next = form ? safeNext(body.next, new URL(request.url).origin) : null;
        // Exactly the cookies built below: a renewal of the caller's old session is not sent beside them.
        delete set.headers["set-cookie"];
        try {
          const session = await login(ctx, body, {
            address: clientAddress(request, server, ctx.config.trustProxy),
            deviceCookie: readCookie(request.headers.get("cookie"), DEVICE_COOKIE),
          });
          // Two cookies: built here, since a headers record holds one Set-Cookie only.
          const headers = new Headers(form ? { location: next ?? "/" } : { "content-type": "application/json; charset=utf-8" });
          headers.append("set-cookie", sessionCookie(session.token, session.expiresAt, ctx.config.secureCookies));
          headers.append("set-cookie", deviceCookies(ctx.config).cookie(session.deviceCookie, ctx.config.secureCookies));
          return form
            ? new Response(null, { status: 303, headers })
            : new Response(JSON.stringify(presentUser(session.user)), { status: 200, headers });
        } catch (error) {
          if (form && error instanceof AppError) {
            const back = next ? `&next=${encodeURIComponent(next)}` : "";
            return new Response(null, { status: 303, headers: { location: `/login?error=${error.code}${back}` } });
          }
          throw error;
        }
      },
      // Answered with a Response of our own (two cookies), so the schema documents it and Elysia leaves it as it is.
      { public: true, body: loginBody, response: answers(userSchema) },
    )
    .post(
      "/logout",
      ({ actor, sessionId, set }) => {
        if (actor && sessionId) logout(ctx, actor, sessionId);
        // One Set-Cookie: a Response of our own (an object answer would get set.headers' cookie twice,
        // once copied by the JSON mapper and once more by Elysia), and no renewal of the ended session.
        delete set.headers["set-cookie"];
        return new Response(JSON.stringify({ status: "ok" }), {
          headers: { "content-type": "application/json; charset=utf-8", "set-cookie": clearedSessionCookie(ctx.config.secureCookies) },
        });
      },
      { public: true, response: answers(okSchema) },
    );
