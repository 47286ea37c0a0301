import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDb, type Db } from "../../db/client";
import { users } from "../../db/schema";
import { canonicalLogin } from "../modules/users/validation";
import type { Role } from "../lib/roles";
import { createApp } from "../app";
import { loadConfig, type Config } from "../lib/config";
import { factories } from "./factories";
import { smtpEnv, startSmtpSink, type SmtpSink } from "./smtp";
import { ownPageHeaders } from "./own-page";

process.env.PLEXUS_QUIET = "1";

/** A fresh data directory with a migrated SQLite file, removed by `cleanup`. */
export function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-test-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, PORT: "0", PUBLIC_URL: "http://plexus.test", ...env });
}

/** What the Plexus page's own script sends with every /api call (tests that build Requests by hand add these). */
export const OWN_PAGE_HEADERS = ownPageHeaders("http://plexus.test");

let counter = 0;

/** Inserts a user directly (tests only); password "password-1" unless given. */
export async function makeUser(db: Db, role: Role = "USER", overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = ++counter;
  const password = "password-1";
  const login = overrides.login ?? `user${n}-${role.toLowerCase()}`;
  const row = db
    .insert(users)
    .values({
      firstName: `First${n}`,
      lastName: `Last${n}`,
      login,
      loginKey: canonicalLogin(login),
      email: `user${n}-${role.toLowerCase()}@example.test`,
      role,
      isActive: true,
      passwordHash: await Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 }),
      ...overrides,
    })
    .returning()
    .get();
  return { ...row, password };
}

/** An app on its own database, with helpers to call it as a browser would. */
export function testApp(env: Record<string, string> = {}) {
  const data = tempDataDir();
  const config = testConfig(data.dir, env);
  const db = openDb(config.dbPath);
  const { app, ctx } = createApp({ db, config });

  /**
   * Calls /api as the Plexus page's own script does: same-origin Origin and the proof header (see
   * src/lib/cross-site.ts), unless `bare` asks for neither, as a link or another site would send.
   */
  async function call(method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: string; bare?: boolean } = {}) {
    const headers: Record<string, string> = { ...(options.bare ? {} : OWN_PAGE_HEADERS), ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(options.body);
    }
    const response = await app.handle(new Request(`http://plexus.test/api${path}`, { method, headers, body }));
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, body: json, headers: response.headers };
  }

  async function signIn(login: string, password = "password-1") {
    const res = await call("POST", "/login", { body: { username: login, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.headers.get("set-cookie")!.split(";")[0];
  }

  async function userWithCookie(role: Role = "USER", overrides: Partial<typeof users.$inferInsert> = {}) {
    const user = await makeUser(db, role, overrides);
    return { user, cookie: await signIn(user.login) };
  }

  const reload = (id: number) => db.select().from(users).where(eq(users.id, id)).get()!;

  return {
    app,
    ctx,
    db,
    config,
    call,
    signIn,
    userWithCookie,
    reload,
    async close() {
      await ctx.mailer.idle();
      db.$client.close();
      data.cleanup();
    },
  };
}

export type TestApp = ReturnType<typeof testApp>;

/** Stands for whatever `current()` gives when used, so a file can hold it in a const across its tests. */
function standIn<T extends object>(current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error("withTestApp: used outside a test");
      return Reflect.get(target, key);
    },
  });
}

/**
 * Registers hooks giving each test a fresh app (`t`) and its factories (`f`), closed after it; both stand for
 * the running test's. `restart(env)` replaces the test's app with one started with other settings.
 */
export function withTestApp(env: Record<string, string> = {}) {
  let app: TestApp | undefined;
  let made: ReturnType<typeof factories> | undefined;
  const start = (settings: Record<string, string>) => {
    app = testApp(settings);
    made = factories(app);
  };
  beforeEach(() => start(env));
  afterEach(() => app!.close());
  return {
    t: standIn(() => app),
    f: standIn(() => made),
    async restart(settings: Record<string, string>) {
      await app!.close();
      start(settings);
    },
  };
}

/**
 * Registers hooks giving each test a fresh app whose mail goes to one SMTP sink per file;
 * read `env.t` and `env.sink` inside tests.
 */
export function withMailTestApp() {
  const env = {} as { t: TestApp; sink: SmtpSink };
  beforeAll(async () => (env.sink = await startSmtpSink()));
  afterAll(() => env.sink.close());
  beforeEach(() => (env.t = testApp(smtpEnv(env.sink))));
  afterEach(() => env.t.close());
  return env;
}
