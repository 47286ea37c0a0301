import { describe, expect, test } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../src/testing/harness";
import { ApiError } from "./api";
import { Elysia, t as schema } from "elysia";
import { call, clientAt, serverAt } from "./server";

const { t } = withTestApp();

/** The app on a real socket: the client is the browser's, fetch and all. */
function served() {
  const http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.handle(request) });
  return { server: serverAt(http.url.origin), close: () => http.stop(true) };
}

describe("the typed client", () => {
  test("answers the route's data, with the cross-site proof sent and dates left as the strings the server wrote", async () => {
    const { server, close } = served();
    try {
      const admin = await t.userWithCookie("ADMIN");
      const headers = { ...OWN_PAGE_HEADERS, cookie: admin.cookie };
      const article = await call(server.article.save.post({ title: "Piers", content: "<p>Pier 1</p>" }, { headers }));
      expect(article.title).toBe("Piers");
      expect(typeof article.updatedAt).toBe("string");
      const again = await call(server.article["get-last-version-by-article"]({ id: article.article.id }).get({ headers }));
      expect(again.content).toContain("Pier 1");
    } finally {
      close();
    }
  });

  test("a refused call is an ApiError with the server's status, code and details; nothing reached is status 0", async () => {
    const { server, close } = served();
    try {
      const admin = await t.userWithCookie("ADMIN");
      const refused = await call(server.article.save.post({ title: "", content: "" }, { headers: { ...OWN_PAGE_HEADERS, cookie: admin.cookie } })).catch((e) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 422 });
      expect(refused.details.length).toBeGreaterThan(0);
      const signedOut = await call(server.users["get-user"].get(), { raw: true }).catch((e) => e);
      expect(signedOut).toMatchObject({ status: 401, code: "unauthorized" });
    } finally {
      close();
    }
    const aborted = await call(serverAt("http://127.0.0.1:9").health.get({ fetch: { signal: AbortSignal.abort() } })).catch((e) => e);
    expect(aborted.name).toBe("AbortError");
    const unreachable = await call(serverAt("http://127.0.0.1:9").health.get()).catch((e) => e);
    expect(unreachable).toMatchObject({ status: 0, code: "network" });
  });
});

test('text answers come back as the text sent: "007" stays a string, never the number 7', async () => {
  const tiny = new Elysia().get("/code", () => "007").get("/flag", () => "true");
  const http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => tiny.handle(request) });
  try {
    const client = clientAt<typeof tiny>(http.url.origin);
    expect(await call(client.code.get())).toBe("007");
    expect(await call(client.flag.get())).toBe("true");
  } finally {
    http.stop(true);
  }
});

test("a file answer (a workbook) comes back as a Blob with its bytes intact", async () => {
  const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x80]);
  const tiny = new Elysia().post("/book", () => new Response(bytes, { headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } }));
  const http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => tiny.handle(request) });
  try {
    const answer = (await call(clientAt<typeof tiny>(http.url.origin).book.post())) as unknown as Blob;
    expect(answer).toBeInstanceOf(Blob);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  } finally {
    http.stop(true);
  }
});

test("a body with a file goes as a form, other bodies as JSON; a query's lists repeat their key", async () => {
  const tiny = new Elysia()
    .post("/upload", ({ body }) => ({ name: body.name, size: body.file.size, tags: body.tags }), {
      body: schema.Object({ name: schema.String(), file: schema.File(), tags: schema.String() }),
    })
    .post("/echo", ({ body, query }) => ({ body, ids: query.id }), { body: schema.Object({ list: schema.Array(schema.Number()) }), query: schema.Object({ id: schema.Array(schema.String()) }) });
  const http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => tiny.handle(request) });
  try {
    const client = clientAt<typeof tiny>(http.url.origin);
    const file = new File(["pier 1"], "pier.txt", { type: "text/plain" });
    expect(await call(client.upload.post({ name: "Сваи", file, tags: "a" }))).toEqual({ name: "Сваи", size: 6, tags: "a" });
    expect(await call(client.echo.post({ list: [1, 2] }, { query: { id: ["3", "4"] } }))).toEqual({ body: { list: [1, 2] }, ids: ["3", "4"] });
  } finally {
    http.stop(true);
  }
});
