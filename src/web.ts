import { join, resolve } from "node:path";
import type { Server } from "bun";
import type { Db } from "../db/client";
import type { Config } from "./lib/config";
import { createApp, type App } from "./app";
import type { AppContext } from "./lib/context";
import { sessionFromRequest } from "./modules/auth/sessions";
import { pageAccess } from "./lib/page-access";
import { localeOf } from "./lib/http";
import { translator } from "./lib/i18n";
import { compressedPage, serveStatic } from "./lib/static-files";
import { modulePreloads } from "./lib/module-preloads";
import { upgradeLive, WS_PATH } from "./realtime/endpoint";
import type { Broker, Connection } from "./realtime/broker";
import type { Mailer } from "./modules/mail/service";
import { settingValue } from "./modules/settings/service";
import { log } from "./lib/log";
import { startChatMailJob } from "./jobs/chat-mail";
import { startIssueReminderJob } from "./jobs/issue-reminders";
import { startDirectorySyncJob } from "./jobs/directory-sync";
import { startUnclaimedPictureJob } from "./jobs/unclaimed-pictures";
import { discardUnfinishedImports } from "./modules/tables/import-write";
import { readPdfTexts } from "./modules/docs/pdf-text";
import { restemIfChanged } from "./modules/search/fulltext-restem";
import { startBackupSchedule } from "./modules/backup/schedule";
import { ModbusPoller } from "./modules/modbus/poller";
import { startDemoDevice } from "./modules/modbus/demo-device";
import { EMBEDDABLE_MARK, embeddablePolicy, PAGE_CSP_FALLBACK } from "./lib/csp";
import { clientAddress } from "./lib/client-address";
import { API_DOCS_ASSETS, serveApiDocsAsset } from "./modules/api-docs/routes";

const MAX_URL_LENGTH = 8 * 1024;

export type RenderPage = (request: Request, locals: object, clientAddress?: string) => Promise<Response>;

// PLEXUS_BUILD_DIR lets several developers build and browser-test one checkout side by side.
const distDir = resolve(import.meta.dir, "..", process.env.PLEXUS_BUILD_DIR ?? "dist");

/** Pages may be framed only by Plexus itself, never sniffed, and leak no addresses to other sites. */
const PAGE_HEADERS = {
  "x-frame-options": "SAMEORIGIN",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
};

/**
 * Every answer on a page path carries PAGE_HEADERS and a Content-Security-Policy: Astro's own
 * (with the hashes of what it inlines) when it rendered the page, else the strict fallback. A page
 * marked embeddable (a public map frame) may be framed by any site: no X-Frame-Options, frame-ancestors *.
 */
function withPageHeaders(response: Response): Response {
  const embeddable = response.headers.has(EMBEDDABLE_MARK);
  response.headers.delete(EMBEDDABLE_MARK);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) response.headers.set(name, value);
  if (!response.headers.has("content-security-policy")) response.headers.set("content-security-policy", PAGE_CSP_FALLBACK);
  if (embeddable) {
    response.headers.delete("x-frame-options");
    response.headers.set("content-security-policy", embeddablePolicy(response.headers.get("content-security-policy")!));
  }
  return response;
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

async function loadPages(): Promise<RenderPage> {
  const entry = join(distDir, "server", "entry.mjs");
  // React picks its build from NODE_ENV when the entry first imports it; unset, that is the development build,
  // which renders islands about twice as slowly. Set here, not at start: Elysia reads it too (for error details).
  process.env.NODE_ENV ??= "production";
  const mod = (await import(entry)) as { render: RenderPage };
  return mod.render;
}

export interface StartOptions {
  db: Db;
  config: Config;
  mailer?: Mailer;
  live?: Broker;
  /** Tests of the API alone may run without a built front end. */
  withPages?: boolean;
  /** Tests of the page path may render with a stand-in instead of the built Astro entry. */
  renderPage?: RenderPage;
}

/** A started server. Written out: inferred, it made `Awaited<ReturnType<typeof startServer>>` too deep for tsc once /api grew. */
export interface RunningServer {
  server: Server<Connection>;
  ctx: AppContext;
  app: App;
  url: string;
  stop(): Promise<void>;
}

/** One Bun server: the live channel, /api, built assets, and every other path to Astro. */
export async function startServer({ db, config, mailer, live, withPages = true, renderPage: standIn }: StartOptions): Promise<RunningServer> {
  const { app, ctx } = createApp({ db, config, mailer, live });
  const renderPage = standIn ?? (withPages ? await loadPages() : undefined);
  const clientDir = join(distDir, "client");
  const withModulePreloads = modulePreloads(clientDir);

  const handlePage = async (request: Request, server: Server<Connection>) => {
    const url = new URL(request.url);
    const found = sessionFromRequest(db, request, config.secureCookies);
    const actor = found?.user ?? null;
    const maintenance = settingValue(db, "MAINTENANCE_MODE") === "true" && actor?.role !== "SYSTEM_ADMIN";
    if (maintenance && !["/maintenance", "/login"].includes(url.pathname)) return redirect("/maintenance");
    const decision = pageAccess(url.pathname, url.search, actor);
    if ("redirect" in decision) return redirect(decision.redirect);
    const locale = localeOf(request);
    const locals = { ctx, actor, locale, t: translator(locale) };
    const response = await renderPage!(request, locals, clientAddress(request, server, config.trustProxy));
    if (found?.renewedCookie) response.headers.append("set-cookie", found.renewedCookie);
    return response;
  };

  const server: Server<Connection> = Bun.serve<Connection>({
    port: config.port,
    hostname: process.env.HOST ?? "0.0.0.0",
    maxRequestBodySize: 600 * 1024 * 1024,
    idleTimeout: 120,
    websocket: ctx.live.websocket,
    async fetch(request, server) {
      // No Plexus address is this long; `npm start` raises Bun's header limit so that such a URL gets this
      // answer in the error shape rather than Bun's bare 431.
      if (request.url.length > MAX_URL_LENGTH) {
        return Response.json({ status: 414, error: "uri_too_long", message: "The address is too long" }, { status: 414 });
      }
      const url = new URL(request.url);
      try {
        if (url.pathname === WS_PATH) return upgradeLive(request, server, db, ctx.live, config.publicUrl);
        if (url.pathname.startsWith("/api/") || url.pathname === "/api") {
          return app.handle(request);
        }
        const file = url.pathname.startsWith(API_DOCS_ASSETS)
          ? await serveApiDocsAsset(request, url.pathname)
          : await serveStatic(clientDir, request, url.pathname);
        if (file) return file;
        if (!renderPage) return withPageHeaders(new Response("Not found", { status: 404 }));
        return compressedPage(request, withModulePreloads(withPageHeaders(await handlePage(request, server))));
      } catch (error) {
        log.error("request.failed", { url: request.url, error: error instanceof Error ? error.stack : String(error) });
        return Response.json({ status: 500, error: "internal_error", message: "Something went wrong" }, { status: 500 });
      }
    },
  });
  app.server = server as unknown as typeof app.server;
  ctx.live.attach(server);
  const stopChatMail = startChatMailJob(ctx);
  const stopReminders = startIssueReminderJob(ctx);
  const directorySync = startDirectorySyncJob(ctx);
  const stopUnclaimedPictures = startUnclaimedPictureJob(ctx);
  const stopBackups = startBackupSchedule(ctx);
  const stopDemoDevice = startDemoDevice(ctx.db);
  const poller = new ModbusPoller(ctx).start();
  // Tables whose import a stop or crash interrupted are removed while the server already answers.
  discardUnfinishedImports(ctx.db).catch((error) => log.error("table_import_discard_failed", { error: String(error) }));
  // PDF versions whose text was never read (stored before PDFs were read, or a stop cut the read short) are read now.
  void readPdfTexts(ctx);
  // An index stemmed by other stemmers than this build's is stemmed again, in the background.
  void restemIfChanged(ctx);
  return {
    server,
    ctx,
    app,
    url: `http://localhost:${server.port}`,
    async stop() {
      stopChatMail();
      stopReminders();
      directorySync.stop();
      stopUnclaimedPictures();
      stopBackups();
      poller.stop();
      stopDemoDevice();
      ctx.live.stop();
      await ctx.mailer.idle();
      await server.stop(true);
    },
  };
}
