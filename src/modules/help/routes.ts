import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { userManual, type ManualNode } from "./service";

/** A page of the manual, or one of its sections (children, without html of their own). */
const manualNodeSchema = t.Recursive((node) =>
  t.Object({ id: t.String(), title: t.String(), html: t.Optional(t.String()), children: t.Array(node) }),
);
// Elysia's types cannot follow a recursive schema (children would be never[]): the service's type stands in.
const manualSchema = t.Unsafe<ManualNode[]>(t.Array(manualNodeSchema));

export const helpRoutes = (ctx: AppContext) =>
  new Elysia().use(authPlugin(ctx)).get("/user-manual", ({ locale }) => userManual(ctx.config.manualDir, locale), {
    access: "USER",
    response: answers(manualSchema),
  });
