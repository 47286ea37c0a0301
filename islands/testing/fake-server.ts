import { afterEach } from "bun:test";

/**
 * The server as component and store tests meet it: each call is recorded (method, path with its query,
 * JSON body) and answered in turn from `answers` (status and JSON). Both lists empty after each test;
 * the real fetch comes back when the process ends.
 */
export function fakeServer() {
  const server = { sent: [] as { method: string; url: string; body: unknown }[], answers: [] as { status: number; body: unknown }[] };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    server.sent.push({ method: init.method ?? "GET", url: String(url).replace(/^https?:\/\/[^/]+/, ""), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = server.answers.shift()!;
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  afterEach(() => {
    server.sent = [];
    server.answers = [];
  });
  process.on("beforeExit", () => (globalThis.fetch = realFetch));
  return server;
}
