import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, clientAddress } from "../../lib/http";
import { createResetRequest, resetLog, setPassword } from "./service";

const tokenText = t.String({ maxLength: 200 });

export const passwordResetRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/reset-password" })
    .use(authPlugin(ctx))
    .get(
      "/create-request",
      ({ query, request, server }) => {
        createResetRequest(ctx, query.email, clientAddress(request, server));
        return { status: "ok" };
      },
      { access: "public", query: t.Object({ email: t.Optional(t.String({ maxLength: 1000 })) }) },
    )
    .get("/get-log", ({ query }) => resetLog(ctx.db, query.token), {
      access: "public",
      query: t.Object({ token: t.Optional(tokenText) }),
    })
    .post(
      "/set-password",
      async ({ query, body }) => {
        await setPassword(ctx.db, body?.token ?? query.token, body?.password ?? query.password);
        return { status: "ok" };
      },
      {
        access: "public",
        query: t.Object({ token: t.Optional(tokenText), password: t.Optional(t.String({ maxLength: 1000 })) }),
        body: t.Optional(
          t.Object({ token: t.Optional(tokenText), password: t.Optional(t.String({ maxLength: 1000 })) }),
        ),
      },
    );
