import { describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { existsSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { dataItems, driveFiles, stagedFiles } from "../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../testing/harness";

/**
 * Every upload route, given a body that ends before it should (cut in a file, cut before the closing
 * boundary, a stream that fails, a client that sends less than its Content-Length and goes away),
 * answers 400 and keeps nothing: no row, no file on disk. The multipart reader (src/lib/uploads.ts)
 * needs the closing boundary, so a cut body is never taken for a shorter file.
 */
const { t, f } = withTestApp();

const BOUNDARY = "plexus-cut";
const part = (name: string, value: string, fileName?: string) =>
  `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"\r\ncontent-type: text/csv` : ""}\r\n\r\n${value}\r\n`;
const CSV = `Pier,Depth\n${Array.from({ length: 500 }, (_, i) => `pier ${i},${i}`).join("\n")}\n`;
const CLOSE = `--${BOUNDARY}--\r\n`;

/** Each upload route with the fields it needs before the file. */
async function routes() {
  const s = await f.projectScene();
  return {
    cookie: s.moderator.cookie,
    list: [
      { path: "/table/preview", head: part("projectId", String(s.project.id)) },
      { path: `/table/save-for-project/${s.project.id}`, head: part("name", "Imported") },
      { path: "/files/save-user-file", head: "" },
      { path: "/files/save", head: "" },
    ],
  };
}

const kept = () => ({
  tables: t.db.select({ n: count() }).from(dataItems).get()!.n,
  drive: t.db.select({ n: count() }).from(driveFiles).get()!.n,
  staged: t.db.select({ n: count() }).from(stagedFiles).get()!.n,
  files: existsSync(join(t.config.dataDir, "files")) ? readdirSync(join(t.config.dataDir, "files"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0,
});
const NOTHING = { tables: 0, drive: 0, staged: 0, files: 0 };

async function post(path: string, cookie: string, body: string | ReadableStream<Uint8Array>) {
  const init = { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body, duplex: "half" };
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, init as RequestInit));
  return { status: response.status, body: await response.json() };
}

describe("a body that ends too soon", () => {
  test("the whole body is accepted by every route (the cuts below are of it)", async () => {
    const { cookie, list } = await routes();
    for (const { path, head } of list) expect([path, (await post(path, cookie, head + part("file", CSV, "piers.csv") + CLOSE)).status]).toEqual([path, 200]);
  });

  const cuts: [string, (whole: string) => string | ReadableStream<Uint8Array>, string][] = [
    ["cut in the middle of the file", (whole) => whole.slice(0, whole.length / 2), "multipart_invalid"],
    ["cut just before the closing boundary", (whole) => whole.slice(0, whole.length - CLOSE.length), "multipart_invalid"],
    [
      "a stream that fails half-way",
      (whole) =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(whole.slice(0, whole.length / 2)));
            controller.error(new Error("connection reset"));
          },
        }),
      "upload_aborted",
    ],
  ];
  for (const [what, cut, error] of cuts) {
    test(`${what}: 400 ${error} and nothing kept`, async () => {
      const { cookie, list } = await routes();
      for (const { path, head } of list) {
        const res = await post(path, cookie, cut(head + part("file", CSV, "piers.csv") + CLOSE));
        expect([path, res.status, res.body.error]).toEqual([path, 400, error]);
      }
      expect(kept()).toEqual(NOTHING);
    });
  }
});

test("over a real socket: a client that sends less than its Content-Length and closes leaves nothing behind", async () => {
  const { cookie, list } = await routes();
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.handle(request) });
  const port = server.port ?? 0;
  try {
    for (const { path, head } of list) {
      const whole = Buffer.from(head + part("file", CSV, "piers.csv") + CLOSE);
      const headers = Object.entries({ ...OWN_PAGE_HEADERS, cookie, host: `127.0.0.1:${port}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(whole.length) });
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(`POST /api${path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`);
          // Everything but the closing boundary: the file part itself arrives whole.
          socket.write(whole.subarray(0, whole.length - CLOSE.length));
          setTimeout(() => socket.end(), 100);
        });
        let text = "";
        socket.on("data", (chunk) => (text += chunk));
        socket.on("close", () => resolve(text));
        socket.on("error", () => resolve(text));
      });
      // The client went away: it may or may not be told; what matters is that nothing was kept.
      if (answer) expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    }
    // Time for a server still reading to finish (and, were it wrong, to store what it had).
    await Bun.sleep(1000);
    expect(kept()).toEqual(NOTHING);
  } finally {
    server.stop(true);
  }
});
