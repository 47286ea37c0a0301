import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";

export const healthRoutes = (ctx: AppContext) =>
  new Elysia().use(authPlugin(ctx)).get("/health", () => ({ status: "ok", build: ctx.config.build }), { access: "public" });
