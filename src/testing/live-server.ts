import { afterAll, beforeAll } from "bun:test";
import { Client, type IMessage } from "@stomp/stompjs";
import { openDb } from "../../db/client";
import type { users } from "../../db/schema";
import { startServer } from "../web";
import { makeUser, tempDataDir, testConfig } from "./harness";
import { ownPageHeaders } from "./own-page";
import { smtpEnv, startSmtpSink, type SmtpSink } from "./smtp";

/**
 * A real Plexus on a socket with a real SMTP server for its mail, started before a test file's tests and
 * stopped after them: people signed in, /api calls as the pages make them, and STOMP clients over real sockets.
 */
export function withLiveServer() {
  let server: Awaited<ReturnType<typeof startServer>>;
  let data: ReturnType<typeof tempDataDir>;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    data = tempDataDir();
    const config = testConfig(data.dir, smtpEnv(sink));
    server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
    data.cleanup();
  });

  const db = () => server.ctx.db;

  async function person(overrides: Partial<typeof users.$inferInsert> = {}) {
    const user = await makeUser(db(), "USER", overrides);
    const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(server.url) }, body: JSON.stringify({ username: user.login, password: user.password }) });
    return { user, cookie: res.headers.get("set-cookie")!.split(";")[0]! };
  }

  async function api(cookie: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { cookie, ...ownPageHeaders(server.url), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  /** A real STOMP client over a real socket, with what arrives on the destinations it watches (its own system channel from the start). */
  async function live(cookie: string) {
    const client = new Client({ webSocketFactory: () => new WebSocket(`${server.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie } } as never), reconnectDelay: 0 });
    await new Promise<void>((resolve) => {
      client.onConnect = () => resolve();
      client.activate();
    });
    const inbox = async (destination: string) => {
      const bodies: any[] = [];
      const receipt = `r-${Math.random()}`;
      const subscribed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(destination, (m: IMessage) => bodies.push(JSON.parse(m.body)), { receipt });
      await subscribed;
      return bodies;
    };
    return { client, inbox, system: await inbox("/user/ws-broker/system-channel") };
  }

  return { db, person, api, live, server: () => server, sink: () => sink };
}

/** Waits until `check` holds, failing after `ms`. */
export async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(15);
  }
}
