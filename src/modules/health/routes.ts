import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";

export const healthRoutes = (ctx: AppContext) =>
  new Elysia().use(authPlugin(ctx)).get("/health", () => ({ status: "ok" as const, build: ctx.config.build }), {
    public: true,
    response: answers(t.Object({ status: t.Literal("ok"), build: t.String() })),
  });
