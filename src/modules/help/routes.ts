import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { userManual } from "./service";

export const helpRoutes = (ctx: AppContext) =>
  new Elysia().use(authPlugin(ctx)).get("/user-manual", ({ locale }) => userManual(ctx.config.manualDir, locale), { access: "USER" });
