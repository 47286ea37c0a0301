import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { authPlugin, clientAddress } from "../../lib/http";
import { presentUser } from "../users/presenter";
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
      async ({ body, request, server, set, redirect }) => {
        const form = isFormPost(request);
        try {
          const session = await login(ctx, body, clientAddress(request, server));
          set.headers["set-cookie"] = sessionCookie(session.token, session.expiresAt, ctx.config.secureCookies);
          return form ? redirect("/", 303) : presentUser(session.user);
        } catch (error) {
          if (form && error instanceof AppError) return redirect(`/login?error=${error.code}`, 303);
          throw error;
        }
      },
      { access: "public", body: loginBody },
    )
    .post(
      "/logout",
      ({ actor, sessionId, set }) => {
        if (actor && sessionId) logout(ctx, actor, sessionId);
        set.headers["set-cookie"] = clearedSessionCookie(ctx.config.secureCookies);
        return { status: "ok" };
      },
      { access: "public" },
    );
