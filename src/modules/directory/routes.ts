import { Elysia } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { syncAnswer, testAnswer, testBody } from "./model";
import { syncOnce, testDirectory } from "./sync";

/** Active Directory / LDAP: try the settings, and import (the same work the periodic sync does). */
export const directoryRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/directory" })
    .use(authPlugin(ctx))
    .post("/test", ({ body }) => testDirectory(ctx.db, body ?? {}), { access: "SYSTEM_ADMIN", body: testBody, response: answers(testAnswer) })
    .post("/import", ({ actor }) => syncOnce(ctx, actor), { access: "SYSTEM_ADMIN", response: answers(syncAnswer) });
