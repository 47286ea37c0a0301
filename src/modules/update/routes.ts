import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { integer } from "../../lib/schema";
import { installLatest } from "./install";
import { installDirectory, installedBuild, newestValidPackage } from "./packages";
import { requestRestart } from "./restart";
import { deleteUnusedFiles } from "./unused-files";
import { MAIL_TEMPLATE_TYPES, type User } from "../../../db/schema";
import { mailTemplateList, resetMailTemplate } from "../mail/templates";

/** Packages are placed in DATA_DIR/updates by hand (or by a script): the only update type is LOCAL. */
const UPDATE_TYPE = "LOCAL" as const;

async function lastBuildNumber(ctx: AppContext): Promise<number> {
  const latest = await newestValidPackage(ctx.config.dataDir);
  if (!latest) throw new AppError(404, "update_not_available", "No valid update package is waiting in the updates folder");
  return latest.build;
}

/** Forgets every saved mail template, so the built-in texts (in each recipient's language) are sent again. */
function removeMailTemplates(ctx: AppContext, actor: User) {
  const removed = mailTemplateList(ctx.db, "en").filter((template) => template.edited).length;
  for (const type of MAIL_TEMPLATE_TYPES) resetMailTemplate(ctx.db, actor, type, "en");
  return { removed };
}

export const updateRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/update" })
    .use(authPlugin(ctx))
    .get("/get-update-type", () => UPDATE_TYPE, { access: "SYSTEM_ADMIN", response: answers(t.Literal(UPDATE_TYPE)) })
    .get("/get-build-number", () => installedBuild(), { access: "SYSTEM_ADMIN", response: answers(integer()) })
    .get("/get-last-build-number", () => lastBuildNumber(ctx), { access: "SYSTEM_ADMIN", response: answers(integer()) })
    .post(
      "/update-all",
      async ({ actor }) => {
        const installed = await installLatest(ctx, installDirectory(), actor.id);
        requestRestart(`update to build ${installed.to}`);
        return installed;
      },
      { access: "SYSTEM_ADMIN", response: answers(t.Object({ from: integer(), to: integer() })) },
    )
    .post("/delete-unused-files", () => deleteUnusedFiles(ctx.db, ctx.config.dataDir), {
      access: "SYSTEM_ADMIN",
      response: answers(t.Object({ removed: integer(), bytes: integer() })),
    })
    .post("/remove-mail-templates", ({ actor }) => removeMailTemplates(ctx, actor), { access: "SYSTEM_ADMIN", response: answers(t.Object({ removed: integer() })) });
