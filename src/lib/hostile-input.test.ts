import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { openDb } from "../../db/client";
import { makeUser, tempDataDir, testConfig } from "../testing/harness";
import { ownPageHeaders } from "../testing/own-page";
import { startServer } from "../web";

// A real server on a real socket: what a hostile client does to the process is the point here.
let server: Awaited<ReturnType<typeof startServer>>;
let data: ReturnType<typeof tempDataDir>;
let own: Record<string, string>;
let admin: string;
let user: string;

async function signIn(role: "USER" | "ADMIN") {
  const person = await makeUser(server.ctx.db, role);
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...own },
    body: JSON.stringify({ username: person.login, password: person.password }),
  });
  return res.headers.get("set-cookie")!.split(";")[0];
}

beforeAll(async () => {
  data = tempDataDir();
  const config = testConfig(data.dir);
  server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
  own = ownPageHeaders(server.url);
  admin = await signIn("ADMIN");
  user = await signIn("USER");
});
afterAll(async () => {
  await server.stop();
  data.cleanup();
});

const storedFiles = (): string[] => {
  try {
    return readdirSync(join(data.dir, "files"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};

const alive = async () => (await fetch(`${server.url}/api/health`)).status === 200;

const BOUNDARY = "----plexus-test-boundary";
const multipart = (name: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;

const post = (path: string, cookie: string, body: BodyInit, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
  fetch(`${server.url}/api${path}`, { method: "POST", headers: { ...own, cookie, "content-type": type }, body });

/** A body that yields `megabytes` MiB of `filler` on demand, never held in memory at once. */
function streamedBody(megabytes: number, head = "", filler = "a") {
  const chunk = new TextEncoder().encode(filler.repeat(1024 * 1024));
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) controller.enqueue(new TextEncoder().encode(head));
      else if (sent < megabytes) controller.enqueue(chunk);
      else controller.close();
      sent++;
    },
  });
}

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

describe("uploads under hostile bodies: a 4xx for that request, the server alive, nothing left on disk", () => {
  const FILE_ROUTES = ["/files/save-user-file", "/files/save"];

  test.each(FILE_ROUTES)("%s: a body whose closing boundary never comes", async (path) => {
    const whole = multipart("notes.txt", "x".repeat(200_000));
    const res = await post(path, admin, whole.slice(0, whole.length - 60_000));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await alive()).toBe(true);
    expect(storedFiles()).toEqual([]);
  });

  test.each(FILE_ROUTES)("%s: garbage, a missing boundary parameter, and a part without headers end", async (path) => {
    for (const [body, type] of [
      ["not a multipart body at all", `multipart/form-data; boundary=${BOUNDARY}`],
      [multipart("a.txt", "hello"), "multipart/form-data"],
      [`--${BOUNDARY}\r\n\r\n\r\n--${BOUNDARY}`, `multipart/form-data; boundary=${BOUNDARY}`],
      [multipart("a.txt", "hello"), "multipart/form-data; boundary="],
    ]) {
      const res = await post(path, admin, body, type);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).error).toBeString();
    }
    expect(await alive()).toBe(true);
    expect(storedFiles()).toEqual([]);
  });

  test.each(FILE_ROUTES)("%s: a client that goes away mid-upload leaves no partial file", async (path) => {
    const abort = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`${multipart("big.txt", "").split("\r\n\r\n\r\n")[0]}\r\n\r\n`));
        else if (sent < 20) controller.enqueue(new Uint8Array(256 * 1024).fill(120));
        else {
          abort.abort();
          controller.error(new Error("client went away"));
        }
        sent++;
        await Bun.sleep(5);
      },
    });
    await fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { ...own, cookie: admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      signal: abort.signal,
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    // The server learns of the abort from the socket: give a loaded machine time before calling a file left behind.
    const deadline = Date.now() + 10_000;
    while (storedFiles().length && Date.now() < deadline) await Bun.sleep(50);
    expect(storedFiles()).toEqual([]);
    expect(await alive()).toBe(true);
  });

  test("a valid upload cut at any point never takes the server down or leaves a file behind", async () => {
    const whole = new TextEncoder().encode(multipart("notes.txt", "line of text\n".repeat(2000)));
    // Cut anywhere before the closing boundary: past it the file is whole, and busboy rightly accepts it.
    const lastCut = whole.length - `\r\n--${BOUNDARY}--\r\n`.length;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: lastCut }), async (cut) => {
        const res = await post("/files/save-user-file", user, whole.slice(0, cut));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(storedFiles()).toEqual([]);
      }),
      { numRuns: 40 },
    );
    expect(await alive()).toBe(true);
  });
});

describe("bodies are refused while they stream, before they are buffered", () => {
  // 300 MB on a route that takes 1 MiB of JSON: memory must not follow the body.
  const HUGE_MB = 300;

  const send = (path: string, cookie: string | undefined, body: ReadableStream, type: string) =>
    fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { ...own, ...(cookie ? { cookie } : {}), "content-type": type },
      body,
      duplex: "half",
    } as RequestInit);

  test("signed out: 401 without reading a chunked 300 MB body", async () => {
    const before = rssMb();
    const res = await send("/project/create", undefined, streamedBody(HUGE_MB, '{"name":"'), "application/json");
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("unauthorized");
    expect(rssMb() - before).toBeLessThan(64);
  });

  test("signed out: 401 without reading a 300 MB upload to a route that takes files", async () => {
    const before = rssMb();
    const res = await send("/files/save-user-file", undefined, streamedBody(HUGE_MB, multipart("x.txt", "").slice(0, 150)), `multipart/form-data; boundary=${BOUNDARY}`);
    expect(res.status).toBe(401);
    expect(rssMb() - before).toBeLessThan(64);
    expect(storedFiles()).toEqual([]);
  });

  test("signed in: 413 once a chunked JSON body passes 1 MiB", async () => {
    const before = rssMb();
    const res = await send("/project/create", admin, streamedBody(HUGE_MB, '{"name":"'), "application/json");
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("payload_too_large");
    expect(rssMb() - before).toBeLessThan(64);
  });

  test("multipart to a route that takes no files: 415 before a byte is parsed", async () => {
    const before = rssMb();
    const res = await send("/project/create", admin, streamedBody(HUGE_MB, multipart("x.txt", "").slice(0, 120)), `multipart/form-data; boundary=${BOUNDARY}`);
    expect(res.status).toBe(415);
    expect(rssMb() - before).toBeLessThan(64);
  });

  test("a declared length over the limit is refused at once, and a JSON body cut short is a 400", async () => {
    const declared = await fetch(`${server.url}/api/project/create`, {
      method: "POST",
      headers: { ...own, cookie: admin, "content-type": "application/json", "content-length": String(5 * 1024 * 1024) },
      body: "x".repeat(5 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    const cut = await post("/project/create", admin, '{"name": "Bridge', "application/json");
    expect(cut.status).toBe(400);
    expect(await alive()).toBe(true);
  });
});

describe("ids and parameters", () => {
  test("an id is digits only: anything a number parser would bend is a 422", async () => {
    for (const id of [" 1", "1 ", "0x10", "0b1", "1e0", "1.0", "01", "-1", "0", "+1", "", "1_0", "९"]) {
      const res = await fetch(`${server.url}/api/project/get?id=${encodeURIComponent(id)}`, { headers: { ...own, cookie: admin } });
      expect(res.status).toBe(422);
    }
  });

  test("a whole number out of its range is a 422, not a 500", async () => {
    for (const query of ["chatId=1&limit=999", "chatId=1&limit=0"]) {
      const res = await fetch(`${server.url}/api/chat-records/get-messages?${query}`, { headers: { ...own, cookie: user } });
      expect(res.status).toBe(422);
      expect((await res.json()).error).toBe("validation_failed");
    }
  });

  test("a repeated parameter is refused and nothing happens", async () => {
    const made = (await (await post("/project/create", admin, JSON.stringify({ name: "Twice" }), "application/json")).json()) as { id: number };
    const other = (await (await post("/project/create", admin, JSON.stringify({ name: "Other" }), "application/json")).json()) as { id: number };
    const res = await fetch(`${server.url}/api/project/remove?id=${made.id}&id=${other.id}`, { headers: { ...own, cookie: admin } });
    expect(res.status).toBe(422);
    for (const id of [made.id, other.id]) {
      expect((await fetch(`${server.url}/api/project/get?id=${id}`, { headers: { ...own, cookie: admin } })).status).toBe(200);
    }
  });
});

test("an overlong address gets a 414 in the error shape", async () => {
  const res = await fetch(`${server.url}/api/project/get?id=1&q=${"a".repeat(10_000)}`, { headers: { ...own, cookie: admin } });
  expect(res.status).toBe(414);
  expect((await res.json()).error).toBe("uri_too_long");
});

describe("cross-site", () => {
  test("a link from another site to a removal route deletes nothing", async () => {
    const made = (await (await post("/project/create", admin, JSON.stringify({ name: "Linked" }), "application/json")).json()) as { id: number };
    // What the browser sends when the administrator follows the link: the cookie, and navigation metadata.
    const res = await fetch(`${server.url}/api/project/remove?id=${made.id}`, {
      headers: { cookie: admin, "sec-fetch-mode": "navigate", "sec-fetch-site": "cross-site", "sec-fetch-dest": "document" },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("cross_site_refused");
    expect((await fetch(`${server.url}/api/project/get?id=${made.id}`, { headers: { ...own, cookie: admin } })).status).toBe(200);
  });

  test("login CSRF: a sign-in form posted from a sandboxed frame, another site or nowhere signs nobody in", async () => {
    const person = await makeUser(server.ctx.db, "USER");
    const form = new URLSearchParams({ username: person.login, password: person.password }).toString();
    for (const origin of ["null", "http://evil.test", `https://${new URL(server.url).host}`, undefined]) {
      const res = await fetch(`${server.url}/api/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) },
        body: form,
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const ours = await fetch(`${server.url}/api/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: own.origin },
      body: form,
    });
    expect(ours.status).toBe(303);
    expect(ours.headers.getSetCookie().filter((c) => c.startsWith("plexus_session="))).toHaveLength(1);
  });

  test("a malformed Origin on a request or a socket handshake is a 403, never a 500", async () => {
    const res = await fetch(`${server.url}/api/project/create`, { method: "POST", headers: { ...own, cookie: admin, origin: "garbage", "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(403);
    const socket = await fetch(`${server.url}/ws-endpoint`, {
      headers: { cookie: admin, origin: "::garbage::", upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" },
    });
    expect(socket.status).toBe(403);
  });
});
