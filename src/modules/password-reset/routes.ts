import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { clientAddress } from "../../lib/client-address";
import { AppError } from "../../lib/errors";
import { answers, okSchema } from "../../lib/responses";
import { createResetRequest, resetLog, setPassword } from "./service";

const tokenText = t.String({ maxLength: 200 });

export const passwordResetRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/reset-password" })
    .use(authPlugin(ctx))
    .get(
      "/create-request",
      ({ query, request, server }) => {
        createResetRequest(ctx, query.email, clientAddress(request, server, ctx.config.trustProxy));
        return { status: "ok" };
      },
      { public: true, query: t.Object({ email: t.Optional(t.String({ maxLength: 1000 })) }), response: answers(okSchema) },
    )
    .get("/get-log", ({ query }) => resetLog(ctx.db, query.token), {
      public: true,
      query: t.Object({ token: t.Optional(tokenText) }),
      response: answers(t.Object({ user: t.Object({ firstName: t.String(), login: t.String() }) })),
    })
    .post(
      "/set-password",
      async ({ body }) => {
        await setPassword(ctx.db, body?.token, body?.password);
        return { status: "ok" };
      },
      {
        public: true,
        transform: ({ request }) => refuseSecretsInQuery(request),
        body: t.Optional(t.Object({ token: t.Optional(tokenText), password: t.Optional(t.String({ maxLength: 1000 })) })),
        response: answers(okSchema),
      },
    );

/**
 * The token and the password travel in the JSON body only: a query string ends up in access logs,
 * proxies and browser history. A call that puts them there is refused before anything is read.
 */
function refuseSecretsInQuery(request: Request) {
  const query = new URL(request.url).searchParams;
  const named = ["token", "password"].filter((name) => query.has(name));
  if (named.length) {
    throw new AppError(
      422,
      "secret_in_query",
      "Send the token and the password in the request body, never in the address",
      named.map((name) => ({ path: `query.${name}`, message: "Not accepted in the query string", code: "error.secret_in_query" })),
    );
  }
}
