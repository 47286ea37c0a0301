import { Elysia } from "elysia";
import type { Db } from "../db/client";
import type { Config } from "./lib/config";
import type { AppContext } from "./lib/context";
import { httpBasics } from "./lib/http";
import { Broker } from "./realtime/broker";
import { Lifecycle } from "./lib/lifecycle";
import { SecretBox } from "./lib/secret-box";
import { FailureLimiter } from "./modules/auth/rate-limit";
import { createMailer, type Mailer } from "./modules/mail/service";
import { ensureDefaultSettings } from "./modules/settings/service";
import { fillLoginKeys } from "./modules/users/service";
import { wirePresence } from "./modules/presence/service";
import { apiDocsRoutes } from "./modules/api-docs/routes";
import { authRoutes } from "./modules/auth/routes";
import { userRoutes } from "./modules/users/routes";
import { auditRoutes } from "./modules/audit/routes";
import { passwordResetRoutes } from "./modules/password-reset/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { mailTemplateRoutes } from "./modules/mail/routes";
import { helpRoutes } from "./modules/help/routes";
import { healthRoutes } from "./modules/health/routes";
import { categoryRoutes } from "./modules/categories/routes";
import { projectRoutes } from "./modules/projects/routes";
import { docRoutes } from "./modules/docs/routes";
import { chatRoutes } from "./modules/chat/routes";
import { wireChatLive } from "./modules/chat/live";
import { wireAuthLifecycle } from "./modules/auth/lifecycle";
import { wireDocLifecycle } from "./modules/docs/lifecycle";
import { wireIssueLifecycle } from "./modules/issues/lifecycle";
import { dataRoutes } from "./modules/data/routes";
import { calcRoutes } from "./modules/calc/routes";
import { chartRoutes } from "./modules/charts/routes";
import { driveRoutes } from "./modules/drive/routes";
import { updateRoutes } from "./modules/update/routes";
import { issueRoutes } from "./modules/issues/routes";
import { widgetRoutes } from "./modules/widgets/routes";
import { wikiRoutes } from "./modules/wiki/routes";
import { wireWikiLifecycle } from "./modules/wiki/lifecycle";
import { publicDataRoutes } from "./modules/public-data/routes";
import { publicMapRoutes } from "./modules/public-data/map-routes";
import { tableRoutes } from "./modules/tables/routes";
import { reportRoutes } from "./modules/reports/routes";
import { backupRoutes } from "./modules/backup/routes";
import { finishInterruptedRestore } from "./modules/backup/restore";
import { directoryRoutes } from "./modules/directory/routes";
import { searchRoutes } from "./modules/search/routes";
import { mapRoutes } from "./modules/maps/routes";
import { layerRoutes } from "./modules/layers/routes";
import { modbusRoutes } from "./modules/modbus/routes";
import { wireModbusLive } from "./modules/modbus/live";
import { wireMapIssuesLive } from "./modules/issues/map-live";
import { compareVersions } from "./modules/wiki/compare";
import { poiAttachmentRoutes } from "./modules/poi/attachments/routes";
import { poiAdminRoutes, poiObjectRoutes } from "./modules/poi/routes";
import { placeRoutes } from "./modules/places/routes";

const MINUTE = 60_000;

export interface AppOptions {
  db: Db;
  config: Config;
  mailer?: Mailer;
  live?: Broker;
}

/** Every /api module behind one error contract; tests call `app.handle(new Request(...))` on it. */
export function createApp({ db, config, mailer, live }: AppOptions) {
  const ctx: AppContext = {
    db,
    config,
    mailer: mailer ?? createMailer(db, config),
    live: live ?? new Broker(),
    lifecycle: new Lifecycle(),
    box: SecretBox.forDataDir(config.dataDir),
    limits: {
      login: new FailureLimiter(5, 15 * MINUTE),
      loginByAddress: new FailureLimiter(50, 15 * MINUTE),
      resetByAddress: new FailureLimiter(10, 15 * MINUTE),
    },
    compareWiki: compareVersions,
  };
  finishInterruptedRestore(db, config.dataDir);
  ensureDefaultSettings(db);
  fillLoginKeys(db);
  wirePresence(db, ctx.live);
  wireChatLive(ctx);
  wireAuthLifecycle(ctx);
  wireIssueLifecycle(ctx);
  wireDocLifecycle(ctx);
  wireWikiLifecycle(ctx);
  wireModbusLive(ctx);
  wireMapIssuesLive(ctx);

  const app = new Elysia({ prefix: "/api" })
    .use(httpBasics(config))
    .use(apiDocsRoutes(config))
    .use(healthRoutes(ctx))
    .use(authRoutes(ctx))
    .use(userRoutes(ctx))
    .use(auditRoutes(ctx))
    .use(passwordResetRoutes(ctx))
    .use(settingsRoutes(ctx))
    .use(backupRoutes(ctx))
    .use(directoryRoutes(ctx))
    .use(mailTemplateRoutes(ctx))
    .use(helpRoutes(ctx))
    .use(projectRoutes(ctx))
    .use(categoryRoutes(ctx))
    .use(dataRoutes(ctx))
    .use(calcRoutes(ctx))
    .use(reportRoutes(ctx))
    .use(chartRoutes(ctx))
    .use(docRoutes(ctx))
    .use(chatRoutes(ctx))
    .use(driveRoutes(ctx))
    .use(updateRoutes(ctx))
    .use(issueRoutes(ctx))
    .use(widgetRoutes(ctx))
    .use(wikiRoutes(ctx))
    .use(searchRoutes(ctx))
    .use(publicDataRoutes(ctx))
    .use(publicMapRoutes(ctx))
    .use(tableRoutes(ctx))
    .use(mapRoutes(ctx))
    .use(layerRoutes(ctx))
    .use(modbusRoutes(ctx))
    .use(poiAdminRoutes(ctx))
    .use(poiObjectRoutes(ctx))
    .use(placeRoutes(ctx))
    .use(poiAttachmentRoutes(ctx));
  return { app, ctx };
}

/** The whole /api as a type: the browser's client (islands/lib/server.ts) is typed from it. */
export type App = ReturnType<typeof createApp>["app"];
