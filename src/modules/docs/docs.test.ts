import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { activityLog, dataItems, docVersions, stagedFiles } from "../../../db/schema";
import { makeDocx, makePdf } from "../../lib/sample-documents";
import { docxToHtml } from "./convert";
import { pdfTextsRead } from "./pdf-text";
import { deepXmlDocx, heavyDocx, writeZip, zipBombDocx } from "./hostile-docx";
import { russianReportDocx } from "./russian-docx";
import { sanitize } from "../../lib/sanitize";
import { OWN_PAGE_HEADERS, testApp, type TestApp } from "../../testing/harness";
import { factories } from "../../testing/factories";
import { countStoredFiles } from "../../testing/stored-files";

let t: TestApp;
beforeEach(() => (t = testApp()));
// Uploads of PDFs start reading their text in the background: let it end before the database closes.
afterEach(async () => {
  await pdfTextsRead(t.db);
  await t.close();
});

/** A project with an ADMIN (not a member), a moderator and a plain member who reads. */
async function setup() {
  const scene = await factories(t).projectScene({ name: "Docs" });
  return { admin: scene.admin, project: scene.project, moderator: scene.moderator, reader: scene.member };
}

function formOf(files: { name: string; bytes: Uint8Array | string }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  return form;
}

async function upload(cookie: string, files: { name: string; bytes: Uint8Array | string }[]) {
  const response = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: formOf(files) }));
  return { status: response.status, body: await response.json() };
}

const storedFileCount = () => countStoredFiles(t.config.dataDir);

const docx = () => makeDocx("Bridge survey", [
  { heading: "Scope", paragraphs: ["The survey covers the piers and the deck."] },
  { heading: "Findings", paragraphs: ["Corrosion on pier three.", "Deck joints need sealing."] },
]);
const pdf = () => makePdf([["Load test report", "Passed at 120% of design load."], ["Appendix"]]);

describe("uploads", () => {
  test("a DOCX becomes MS_DOC with sanitised HTML whose headings carry ids; a PDF becomes PDF; others OTHER", async () => {
    const { moderator } = await setup();
    const res = await upload(moderator.cookie, [
      { name: "survey.docx", bytes: await docx() },
      { name: "load.pdf", bytes: pdf() },
      { name: "../../notes.txt", bytes: "plain notes" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((f: { type: string }) => f.type)).toEqual(["MS_DOC", "PDF", "OTHER"]);
    expect(res.body[2].fileName).toBe("notes.txt");
    const staged = t.db.select().from(stagedFiles).where(eq(stagedFiles.path, res.body[0].path)).get()!;
    expect(staged.body).toContain('<h1 id="h-2">Scope</h1>');
    expect(staged.storedPath).toMatch(/^files\/\d{4}\/\d{2}\/[\w-]+$/);
  });

  test("a file that lies about its type, a truncated PDF or DOCX, and an empty file are refused and nothing stays on disk", async () => {
    const { moderator } = await setup();
    const whole = pdf();
    const cases = [
      { name: "fake.pdf", bytes: "<html><script>alert(1)</script></html>", status: 415, error: "file_type_mismatch" },
      { name: "photo.png", bytes: pdf(), status: 415, error: "file_type_mismatch" },
      { name: "cut.pdf", bytes: whole.slice(0, whole.length - 40), status: 422, error: "file_unreadable" },
      { name: "cut.docx", bytes: (await docx()).slice(0, 600), status: 422, error: "file_unreadable" },
      { name: "empty.txt", bytes: "", status: 422, error: "file_empty" },
    ];
    for (const c of cases) {
      const res = await upload(moderator.cookie, [{ name: c.name, bytes: c.bytes }]);
      expect([c.name, res.status, res.body.error]).toEqual([c.name, c.status, c.error]);
    }
    expect(storedFileCount()).toBe(0);
    expect(t.db.select().from(stagedFiles).all()).toHaveLength(0);
  });

  test("more than 100 files, or a body that is not multipart, are refused", async () => {
    const { moderator } = await setup();
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `n${i}.txt`, bytes: "x" }));
    expect((await upload(moderator.cookie, many)).status).toBe(413);
    expect(storedFileCount()).toBe(0);
    expect((await t.call("POST", "/files/save", { cookie: moderator.cookie, body: { file: "x" } })).status).toBe(400);
    expect((await upload("", [{ name: "a.txt", bytes: "x" }])).status).toBe(401);
  });
});

/** A multipart body of one file of `size` bytes, produced on demand, counting how many bytes were pulled from it. */
function streamedUpload(cookie: string, size: number) {
  const boundary = "plexus-test-boundary";
  const head = new TextEncoder().encode(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const state = { pulled: 0 };
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = sent < 0 ? head : sent >= size ? tail : chunk.subarray(0, Math.min(chunk.byteLength, size - sent));
      if (sent >= size + 1) return controller.close();
      sent = sent < 0 ? 0 : sent >= size ? size + 1 : sent + next.byteLength;
      state.pulled += next.byteLength;
      controller.enqueue(next);
    },
  });
  const request = new Request("http://plexus.test/api/files/save", {
    method: "POST",
    headers: { ...OWN_PAGE_HEADERS, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { response: t.app.handle(request), state };
}

describe("staging", () => {
  test("only those who may save documents stage files: a plain USER gets 403 before the body is read, and nothing is written", async () => {
    const { reader, moderator } = await setup();
    const globalModerator = await t.userWithCookie("MODERATOR");
    const loner = await t.userWithCookie("USER");
    for (const who of [reader, loner]) {
      const { response, state } = streamedUpload(who.cookie, 5 * 1024 * 1024);
      const res = await response;
      expect([res.status, (await res.json()).error]).toEqual([403, "forbidden"]);
      // The stream's own first pull gives the part's header; no byte of the file is asked for.
      expect(state.pulled).toBeLessThan(1024);
    }
    expect(storedFileCount()).toBe(0);
    // A USER with the moderator flag in one project, and a global MODERATOR in none, may stage.
    for (const who of [moderator, globalModerator]) expect((await upload(who.cookie, [{ name: "a.pdf", bytes: pdf() }])).status).toBe(200);
    expect(storedFileCount()).toBe(2);
  });

  test("each user has a quota of staged bytes (STAGING_QUOTA_MB): past it the whole request is a 413 and nothing of it stays", async () => {
    t.close();
    t = testApp({ STAGING_QUOTA_MB: "1" });
    const { moderator, project } = await setup();
    const kb = (n: number) => "x".repeat(n * 1024);
    // Within the quota: two files together.
    const first = await upload(moderator.cookie, [{ name: "a.txt", bytes: kb(300) }, { name: "b.txt", bytes: kb(300) }]);
    expect(first.status).toBe(200);
    // Two more would pass it together though each fits: the whole request is refused.
    const over = await upload(moderator.cookie, [{ name: "c.txt", bytes: kb(200) }, { name: "d.txt", bytes: kb(300) }]);
    expect(over).toMatchObject({ status: 413, body: { error: "staging_quota_exceeded" } });
    expect(storedFileCount()).toBe(2);
    expect(t.db.select().from(stagedFiles).all()).toHaveLength(2);
    // A big body is cut off while streaming, not read to its end.
    const { response, state } = streamedUpload(moderator.cookie, 20 * 1024 * 1024);
    const big = await response;
    expect([big.status, (await big.json()).error]).toEqual([413, "staging_quota_exceeded"]);
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(storedFileCount()).toBe(2);
    const ru = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: moderator.cookie, "accept-language": "ru" }, body: formOf([{ name: "e.txt", bytes: kb(500) }]) }));
    expect(await ru.json()).toMatchObject({ status: 413, message: "Загруженные и ещё не сохранённые файлы занимают слишком много места: сначала сохраните или уберите часть из них" });
    // Saving the staged files frees the quota.
    const saved = await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: first.body.map((f: { path: string }) => ({ path: f.path, provider: "Lab" })) });
    expect(saved.status).toBe(200);
    expect((await upload(moderator.cookie, [{ name: "c.txt", bytes: kb(200) }, { name: "d.txt", bytes: kb(300) }])).status).toBe(200);
  });
});

describe("documents", () => {
  test("save-all needs a data source for every document ('Часть документов не имеет источника данных') and saves nothing otherwise", async () => {
    const { moderator, project } = await setup();
    const files = (await upload(moderator.cookie, [{ name: "a.pdf", bytes: pdf() }, { name: "b.pdf", bytes: pdf() }])).body;
    const res = await t.call("POST", `/docs/save-all/${project.id}`, {
      cookie: moderator.cookie,
      headers: { "accept-language": "ru" },
      body: [{ name: "A", path: files[0].path, provider: "Lab" }, { name: "B", path: files[1].path }],
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([{ path: "body.1.provider", message: "Часть документов не имеет источника данных", code: "docs.noProvider" }]);
    expect(t.db.select().from(dataItems).all()).toHaveLength(0);
    expect(t.db.select().from(stagedFiles).all()).toHaveLength(2);
  });

  test("a moderator saves documents, adds a version, and readers list, read in parts and download them", async () => {
    const { moderator, reader, project } = await setup();
    const [file] = (await upload(moderator.cookie, [{ name: "Survey 2024.docx", bytes: await docx() }])).body;
    const saved = await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: [{ name: "Survey", path: file.path, provider: "Field team", keywords: ["bridge"] }] });
    expect(saved.status).toBe(200);
    const dataId = saved.body[0].id;
    expect(t.db.select().from(stagedFiles).all()).toHaveLength(0);

    const [second] = (await upload(moderator.cookie, [{ name: "survey-v2.pdf", bytes: pdf() }])).body;
    const added = await t.call("POST", "/docs/add-doc-version", { cookie: moderator.cookie, body: { data: { id: dataId }, path: second.path, description: "Signed copy" } });
    expect(added.status).toBe(200);
    expect(added.body.type).toBe("PDF");
    expect(added.body.author).toEqual({ id: moderator.user.id, firstName: moderator.user.firstName, lastName: moderator.user.lastName });

    const versions = await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: reader.cookie });
    expect(versions.body.map((v: { type: string }) => v.type)).toEqual(["PDF", "MS_DOC"]);
    const docVersion = versions.body[1];
    const body = await t.call("GET", `/docs/get-body/${docVersion.id}?part=0`, { cookie: reader.cookie });
    expect(body.body).toMatchObject({ part: 0, totalParts: 1 });
    expect(body.body.body).toContain("Corrosion on pier three.");

    const download = await t.app.handle(new Request(`http://plexus.test/api/files/get-doc-version/${docVersion.id}`, { headers: { ...OWN_PAGE_HEADERS, cookie: reader.cookie } }));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Survey 2024.docx"; filename*=UTF-8''Survey%202024.docx`);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(await Bun.file(join(t.config.dataDir, t.db.select().from(docVersions).where(eq(docVersions.id, docVersion.id)).get()!.filePath)).bytes());

    const kinds = t.db.select().from(activityLog).where(eq(activityLog.dataId, dataId)).all().map((r) => r.activityType);
    expect(kinds).toEqual(expect.arrayContaining(["CREATE", "ADD_VERSION", "DOWNLOAD"]));
  });

  test("readers cannot add or remove versions; outsiders see nothing; a removed version disappears but keeps its file", async () => {
    const { moderator, reader, project } = await setup();
    const outsider = await t.userWithCookie("USER");
    const [file] = (await upload(moderator.cookie, [{ name: "a.pdf", bytes: pdf() }])).body;
    const dataId = (await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: [{ path: file.path, provider: "Lab" }] })).body[0].id;
    const versionId = (await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: reader.cookie })).body[0].id;

    // A moderator of another project stages a file: the reader may not attach it, nor may our moderator claim it.
    const stranger = await t.userWithCookie("MODERATOR");
    const [other] = (await upload(stranger.cookie, [{ name: "b.pdf", bytes: pdf() }])).body;
    expect((await t.call("POST", "/docs/add-doc-version", { cookie: reader.cookie, body: { data: { id: dataId }, path: other.path } })).status).toBe(403);
    expect((await t.call("POST", `/docs/remove-doc-version/${versionId}`, { cookie: reader.cookie })).status).toBe(403);
    expect((await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/files/get-doc-version/${versionId}`, { cookie: outsider.cookie })).status).toBe(404);
    // Another user's staged upload cannot be claimed.
    expect((await t.call("POST", "/docs/add-doc-version", { cookie: moderator.cookie, body: { data: { id: dataId }, path: other.path } })).status).toBe(422);

    expect((await t.call("POST", `/docs/remove-doc-version/${versionId}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: reader.cookie })).body).toEqual([]);
    expect(storedFileCount()).toBe(2);
  });

  test("a removed version reads as missing for plain members (the same 404 as no version) while moderators still read it", async () => {
    const { admin, moderator, reader, project } = await setup();
    const [file] = (await upload(moderator.cookie, [{ name: "a.docx", bytes: await docx() }])).body;
    const dataId = (await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: [{ path: file.path, provider: "Lab" }] })).body[0].id;
    const versionId = (await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: reader.cookie })).body[0].id;
    const reads = [`/files/get-doc-version/${versionId}`, `/docs/get-body/${versionId}`];
    for (const path of reads) expect([path, (await t.call("GET", path, { cookie: reader.cookie })).status]).toEqual([path, 200]);

    expect((await t.call("POST", `/docs/remove-doc-version/${versionId}`, { cookie: moderator.cookie })).status).toBe(200);
    const missing = await t.call("GET", "/docs/get-body/999999", { cookie: reader.cookie });
    expect(missing.status).toBe(404);
    for (const path of reads) {
      const res = await t.call("GET", path, { cookie: reader.cookie });
      expect([path, res.status, res.body]).toEqual([path, 404, missing.body]);
    }
    // Nor can a plain member act on it: it does not exist for them.
    expect((await t.call("POST", `/docs/remove-doc-version/${versionId}`, { cookie: reader.cookie })).status).toBe(404);
    for (const who of [moderator, admin]) {
      for (const path of reads) expect([path, (await t.call("GET", path, { cookie: who.cookie })).status]).toEqual([path, 200]);
    }
    expect((await t.call("GET", `/docs/get-body/${versionId}`, { cookie: moderator.cookie })).body.body).toContain("Corrosion on pier three.");
  });

  test("long bodies come in parts; a part past the end is a 422", async () => {
    const { moderator, project } = await setup();
    const long = await makeDocx("Long", Array.from({ length: 40 }, (_, i) => ({ heading: `Section ${i}`, paragraphs: ["x".repeat(9000)] })));
    const [file] = (await upload(moderator.cookie, [{ name: "long.docx", bytes: long }])).body;
    const dataId = (await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: [{ path: file.path, provider: "Lab" }] })).body[0].id;
    const versionId = (await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: moderator.cookie })).body[0].id;
    const first = (await t.call("GET", `/docs/get-body/${versionId}`, { cookie: moderator.cookie })).body;
    expect(first.totalParts).toBeGreaterThan(1);
    let whole = first.body;
    for (let part = 1; part < first.totalParts; part++) whole += (await t.call("GET", `/docs/get-body/${versionId}?part=${part}`, { cookie: moderator.cookie })).body.body;
    expect(whole).toBe(t.db.select().from(docVersions).where(eq(docVersions.id, versionId)).get()!.body);
    expect((await t.call("GET", `/docs/get-body/${versionId}?part=${first.totalParts}`, { cookie: moderator.cookie })).status).toBe(422);
  });
});

describe("caching and byte ranges", () => {
  /** A document with one version of `name`, seen by a reader whose membership can be taken away. */
  async function versionFor(name: string, bytes: Uint8Array) {
    const { admin, moderator, project } = await setup();
    const reader = await t.userWithCookie("USER");
    const membership = await t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { user: { id: reader.user.id }, project: { id: project.id }, moderator: false } });
    const [file] = (await upload(moderator.cookie, [{ name, bytes }])).body;
    const dataId = (await t.call("POST", `/docs/save-all/${project.id}`, { cookie: moderator.cookie, body: [{ path: file.path, provider: "Lab" }] })).body[0].id;
    const versionId = (await t.call("GET", `/docs/get-all-versions/${dataId}`, { cookie: reader.cookie })).body[0].id as number;
    const leave = () => t.call("POST", `/project/remove-user-project?id=${membership.body.id}`, { cookie: admin.cookie });
    return { reader, dataId, versionId, leave };
  }
  const downloads = (dataId: number) => t.db.select().from(activityLog).where(eq(activityLog.dataId, dataId)).all().filter((r) => r.activityType === "DOWNLOAD").length;

  test("a version's file: a strong ETag and a year of private caching; 304 on If-None-Match; 206 for a Range, 416 past the end; If-Range; only whole downloads audited", async () => {
    const bytes = pdf();
    const { reader, dataId, versionId } = await versionFor("load.pdf", bytes);
    const url = `/files/get-doc-version/${versionId}?inline=1`;
    const get = async (headers: Record<string, string> = {}) => {
      const res = await t.app.handle(new Request(`http://plexus.test/api${url}`, { headers: { ...OWN_PAGE_HEADERS, cookie: reader.cookie, ...headers } }));
      return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) as Uint8Array };
    };
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.bytes).toEqual(bytes);
    const etag = whole.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(whole.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(downloads(dataId)).toBe(1);

    const cached = await get({ "if-none-match": etag });
    expect([cached.status, cached.bytes.length, cached.headers.get("etag"), cached.headers.get("cache-control")]).toEqual([304, 0, etag, "private, max-age=31536000, immutable"]);
    expect((await get({ "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get({ "if-none-match": '"other"' })).status).toBe(200);

    const part = await get({ range: "bytes=0-9" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("etag")]).toEqual([206, `bytes 0-9/${bytes.length}`, etag]);
    expect(part.bytes).toEqual(bytes.slice(0, 10));
    const tail = await get({ range: "bytes=-16" });
    expect([tail.status, tail.bytes]).toEqual([206, bytes.slice(-16)]);
    const past = await get({ range: `bytes=${bytes.length}-` });
    expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${bytes.length}`]);
    expect(JSON.parse(new TextDecoder().decode(past.bytes)).error).toBe("range_not_satisfiable");
    // If-Range: the part only while the browser's validator is still the file's; else the whole file.
    expect((await get({ range: "bytes=0-9", "if-range": etag })).status).toBe(206);
    const changed = await get({ range: "bytes=0-9", "if-range": '"v0-0"' });
    expect([changed.status, changed.bytes.length]).toEqual([200, bytes.length]);
    // Parts and revalidations are a viewer at work, not downloads: only the two whole answers are audited.
    expect(downloads(dataId)).toBe(3);
  });

  test("a converted body's parts: ETag and a year of private caching, 304 on If-None-Match", async () => {
    const { reader, versionId } = await versionFor("survey.docx", await docx());
    const first = await t.call("GET", `/docs/get-body/${versionId}?part=0`, { cookie: reader.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.call("GET", `/docs/get-body/${versionId}?part=0`, { cookie: reader.cookie, headers: { "if-none-match": etag } });
    expect([again.status, again.body, again.headers.get("etag")]).toEqual([304, null, etag]);
  });

  test("access is checked on every request: a member removed from the project gets 404, never 304 or a part", async () => {
    const { reader, versionId, leave } = await versionFor("load.pdf", pdf());
    const file = await t.call("GET", `/files/get-doc-version/${versionId}`, { cookie: reader.cookie });
    const body = await t.call("GET", `/docs/get-body/${versionId}`, { cookie: reader.cookie });
    expect([file.status, body.status]).toEqual([200, 200]);
    expect((await leave()).status).toBe(200);
    const asks: { path: string; headers: Record<string, string> }[] = [
      { path: `/files/get-doc-version/${versionId}`, headers: { "if-none-match": file.headers.get("etag")! } },
      { path: `/files/get-doc-version/${versionId}`, headers: { range: "bytes=0-9" } },
      { path: `/files/get-doc-version/${versionId}`, headers: { range: "bytes=0-9", "if-range": file.headers.get("etag")! } },
      { path: `/docs/get-body/${versionId}`, headers: { "if-none-match": body.headers.get("etag")! } },
    ];
    for (const ask of asks) {
      const res = await t.call("GET", ask.path, { cookie: reader.cookie, headers: ask.headers });
      expect([ask, res.status, res.headers.get("etag"), res.body.error]).toEqual([ask, 404, null, "version_not_found"]);
    }
  });
});

/**
 * Runs `work` while calling /api/health every 20 ms; gives the slowest answer (counted from when
 * it was due), the number of
 * answers, and the largest growth of this process's resident memory seen meanwhile.
 */
async function whileHealthProbed<T>(work: Promise<T>) {
  Bun.gc(true);
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  let done = false;
  const result = work.finally(() => (done = true));
  const latencies: number[] = [];
  do {
    // Timed from when the call was due: a blocked event loop counts whether it delays the timer or the answer.
    const due = performance.now() + 20;
    await Bun.sleep(20);
    const health = await t.call("GET", "/health");
    latencies.push(performance.now() - due);
    expect(health.status).toBe(200);
  } while (!done);
  clearInterval(sampler);
  return { result: await result, slowest: Math.max(...latencies), answers: latencies.length, rssGrowth: peak - baseline };
}

const MB = 1024 * 1024;

describe("hostile documents", () => {
  test("a zip bomb DOCX (1 MB inflating to 300 MB) is refused with 422 before it inflates; health stays fast, memory flat, nothing stays", async () => {
    const { moderator } = await setup();
    const bomb = await zipBombDocx(300);
    expect(bomb.byteLength).toBeLessThan(2 * MB);
    const { result, slowest, rssGrowth } = await whileHealthProbed(upload(moderator.cookie, [{ name: "bomb.docx", bytes: bomb }]));
    expect(result).toMatchObject({ status: 422, body: { error: "file_too_complex" } });
    expect(slowest).toBeLessThan(200);
    expect(rssGrowth).toBeLessThan(300 * MB);
    expect(storedFileCount()).toBe(0);
    expect(t.db.select().from(stagedFiles).all()).toHaveLength(0);
    // Translated, and the server still works.
    const ru = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: moderator.cookie, "accept-language": "ru" }, body: formOf([{ name: "bomb.docx", bytes: bomb }]) }));
    expect((await ru.json()).message).toBe("Документ слишком большой или слишком сложный, чтобы его открыть");
    expect((await upload(moderator.cookie, [{ name: "ok.docx", bytes: await docx() }])).status).toBe(200);
  }, 30_000);

  test("a zip bomb whose headers claim 50 KB is stopped in the worker once it inflates past that", async () => {
    const { moderator } = await setup();
    const liar = await zipBombDocx(300, { lie: true });
    const { result, slowest, rssGrowth } = await whileHealthProbed(upload(moderator.cookie, [{ name: "liar.docx", bytes: liar }]));
    expect(result).toMatchObject({ status: 422, body: { error: "file_too_complex" } });
    expect(slowest).toBeLessThan(200);
    expect(rssGrowth).toBeLessThan(300 * MB);
    expect(storedFileCount()).toBe(0);
  }, 30_000);

  test("a DOCX nested 50 000 elements deep is refused with 422; one nested 400 deep converts", async () => {
    const { moderator } = await setup();
    const deep = await upload(moderator.cookie, [{ name: "deep.docx", bytes: await deepXmlDocx(25_000) }]);
    expect(deep).toMatchObject({ status: 422, body: { error: "file_too_complex" } });
    expect(storedFileCount()).toBe(0);
    const fine = await upload(moderator.cookie, [{ name: "nested.docx", bytes: await deepXmlDocx(200) }]);
    expect(fine.status).toBe(200);
    expect(t.db.select().from(stagedFiles).get()!.body).toContain("deep");
  }, 30_000);

  test("a heavy but honest DOCX converts in the worker while /api/health keeps answering within 200 ms", async () => {
    const { moderator } = await setup();
    const heavy = await heavyDocx(4);
    const { result, slowest, answers } = await whileHealthProbed(upload(moderator.cookie, [{ name: "heavy.docx", bytes: heavy }]));
    expect(result.status).toBe(200);
    // The conversion took long enough for health to be asked many times, and each answer was fast.
    expect(answers).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(200);
  }, 30_000);

  test("a conversion past its time limit is stopped and refused with 422 file_too_complex", async () => {
    const path = join(t.config.dataDir, "heavy.docx");
    await Bun.write(path, await heavyDocx(6));
    const started = performance.now();
    const error = await docxToHtml(path, {}, { timeoutMs: 150, maxRssGrowthBytes: 1024 * MB }).catch((e) => e);
    expect(error).toMatchObject({ status: 422, code: "file_too_complex" });
    expect(performance.now() - started).toBeLessThan(1000);
  }, 30_000);

  test("a part inflating past 100:1, too many parts, and damaged zips are refused with 422", async () => {
    const { moderator } = await setup();
    const base = await docx();
    const manyParts = await writeZip(Array.from({ length: 1001 }, (_, i) => ({ name: `word/media/p${i}.xml`, chunks: () => [new TextEncoder().encode("<a/>")] })));
    const cases = [
      // 50 MB is under the 100 MB total, but inflates ~290:1.
      { name: "ratio.docx", bytes: await zipBombDocx(50), error: "file_too_complex" },
      { name: "parts.docx", bytes: manyParts, error: "file_too_complex" },
      { name: "cut-directory.docx", bytes: base.slice(0, base.length - 30), error: "file_unreadable" },
      { name: "trailing.docx", bytes: new Uint8Array([...base, 1, 2, 3]), error: "file_unreadable" },
    ];
    for (const c of cases) expect([c.name, await upload(moderator.cookie, [c])]).toMatchObject([c.name, { status: 422, body: { error: c.error } }]);
    expect(storedFileCount()).toBe(0);
  }, 30_000);
});

describe("conversion", () => {
  const convert = async (bytes: Uint8Array) => {
    const path = join(t.config.dataDir, `convert-${crypto.randomUUID()}.docx`);
    await Bun.write(path, bytes);
    return docxToHtml(path);
  };
  const mammothSample = (name: string) => docxToHtml(join(import.meta.dir, "../../../node_modules/mammoth/test/test-data", name));

  test("Word's Title becomes the h1 that heads the structure; headings keep their order and ids; a table and bold stay", async () => {
    const html = await convert(await russianReportDocx());
    expect(Array.from(html.matchAll(/<h([1-6])([^>]*)>([^<]*)</g), ([, level, attributes, text]) => `${level}${attributes} ${text}`)).toEqual([
      '1 id="h-1" class="docx-title" Отчёт о работах',
      '1 id="h-2" Введение',
      '2 id="h-3" Сроки',
      '1 id="h-4" Результаты',
    ]);
    expect(html).toContain("для <strong>устройства</strong> связи");
    expect(html).toContain("<td><p>Опора</p></td>");
  });

  test("a picture keeps the description Word gives it as alt; one without a description gets no alt from the server", async () => {
    const html = await convert(await russianReportDocx());
    const images = Array.from(html.matchAll(/<img[^>]*>/g), ([tag]) => tag.match(/alt="([^"]*)"/)?.[1] ?? null);
    expect(images).toEqual(["Схема моста", null]);
    // mammoth's own sample: a picture with no description.
    expect(await mammothSample("tiny-picture.docx")).toMatch(/^<p><img src="data:image\/png;base64,[^"]+" \/><\/p>$/);
  });

  test("the title's class is the only class a document keeps, whatever its own style map asks for", () => {
    expect(sanitize('<h1 class="docx-title visually-hidden">T</h1><h2 class="docx-title">H</h2><p class="btn">P</p>', "docx")).toBe(
      '<h1 class="docx-title">T</h1><h2>H</h2><p>P</p>',
    );
  });
});
