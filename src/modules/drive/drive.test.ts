import { describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { activityLog, driveFiles, driveQuotas } from "../../../db/schema";
import { makePdf } from "../../lib/sample-documents";
import { makeUser, withTestApp } from "../../testing/harness";
import { countStoredFiles } from "../../testing/stored-files";
import { formatSize } from "../../../islands/lib/files";
import { contentDisposition } from "../../lib/downloads";
import { sendMessage } from "../chat/messages";
import { parseRange } from "./presenter";
import { fileTypeOf, saveUserFile, unlockLink } from "./service";

const { t, restart } = withTestApp();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** The headers the page's own script sends (tests that build Requests by hand add them, as t.call does). */
const OWN = { origin: "http://plexus.test", "x-requested-with": "plexus" };

function uploadRequest(cookie: string | undefined, files: { name: string; bytes: Uint8Array | string }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  const headers = { ...OWN, ...(cookie ? { cookie } : {}) };
  return new Request("http://plexus.test/api/files/save-user-file", { method: "POST", headers, body: form });
}

async function upload(cookie: string | undefined, name: string, bytes: Uint8Array | string) {
  const response = await t.app.handle(uploadRequest(cookie, [{ name, bytes }]));
  return { status: response.status, body: await response.json() };
}

/** Calls a download (or any) URL as a browser would, returning the raw Response. */
const fetchRaw = (path: string, headers: Record<string, string> = {}) => t.app.handle(new Request(`http://plexus.test/api${path}`, { headers }));

const storedFileCount = () => countStoredFiles(t.config.dataDir);

const rowsOf = (ownerId: number) => t.db.select().from(driveFiles).where(eq(driveFiles.ownerId, ownerId)).all();
const snapshot = () => t.db.select().from(driveFiles).all().map((f) => ({ id: f.id, isShared: f.shareToken !== null }));

const makeUserOf = (role: "ADMIN") => makeUser(t.db, role);

async function twoPeople() {
  const alice = await t.userWithCookie("USER");
  const bob = await t.userWithCookie("USER");
  return { alice, bob };
}

describe("file type and size display", () => {
  test("the type comes from the extension as spec 1 section 5 says", () => {
    const cases: [string, string][] = [
      ["a.doc", "doc"], ["a.docx", "doc"], ["a.RTF", "doc"], ["a.jpg", "jpg"], ["a.jpeg", "jpg"], ["a.pdf", "pdf"], ["a.png", "png"],
      ["a.ppt", "ppt"], ["a.pptx", "ppt"], ["a.txt", "txt"], ["a.xls", "xls"], ["a.xlsx", "xls"], ["a.csv", "xls"], ["a.zip", "zip"],
      ["a.gif", "zip"], ["a.tar.gz", "zip"], ["noextension", "zip"], ["a.html", "zip"],
    ];
    expect(cases.map(([name]) => [name, fileTypeOf(name)])).toEqual(cases);
  });

  test("sizes divide by 1024 while above 900: Bytes, KB, MB, GB", () => {
    const units = { bytes: "Bytes", kb: "KB", mb: "MB", gb: "GB" };
    expect(formatSize(0, units, "en")).toBe("0 Bytes");
    expect(formatSize(900, units, "en")).toBe("900 Bytes");
    expect(formatSize(901, units, "en")).toBe("0.88 KB");
    expect(formatSize(1536, units, "en")).toBe("1.5 KB");
    expect(formatSize(500 * 1024 * 1024, units, "en")).toBe("500 MB");
    expect(formatSize(3 * 1024 ** 4, units, "en")).toBe("3,072 GB");
    expect(formatSize(1536, units, "ru")).toBe("1,5 KB");
  });

  test("Range headers: single ranges, suffixes, open ends; several ranges or nonsense serve the whole file", () => {
    expect(parseRange("bytes=0-3", 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange("bytes=5-", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=-4", 10)).toEqual({ start: 6, end: 9 });
    expect(parseRange("bytes=-40", 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=8-100", 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
    expect(parseRange("bytes=5-2", 10)).toBeNull();
    expect(parseRange(null, 10)).toBeNull();
  });

  test("Content-Disposition carries an ASCII fallback and the exact name in filename*", () => {
    const name = `Отчёт (итог) "v2" 100%'s*.pdf`;
    const header = contentDisposition("attachment", name);
    expect(header).toStartWith('attachment; filename="');
    const fallback = /filename="([^"]*)"/.exec(header)![1];
    expect(fallback).toMatch(/^[\x20-\x7e]+$/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1];
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});

describe("POST /files/save-user-file", () => {
  test("stores one file under a server-chosen name and returns its entity; path parts of the name are dropped", async () => {
    const { alice } = await twoPeople();
    const res = await upload(alice.cookie, "../../etc/Отчёт за май.PDF", makePdf([["May"]]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Отчёт за май.PDF", type: "pdf", mime: "application/pdf", isShared: false, owner: { id: alice.user.id } });
    expect(res.body.token).toMatch(/^[\w-]{32}$/);
    expect(res.body.path).toBe(`/api/files/get-user-file/${res.body.token}`);
    expect(res.body).not.toHaveProperty("storedPath");
    const row = rowsOf(alice.user.id)[0];
    expect(row.storedPath).toMatch(/^files\/\d{4}\/\d{2}\/[\w-]+$/);
    expect(statSync(join(t.config.dataDir, row.storedPath)).size).toBe(res.body.size);

    const windows = await upload(alice.cookie, "C:\\Users\\me\\notes.txt", "plain notes");
    expect(windows.body).toMatchObject({ name: "notes.txt", type: "txt", size: 11 });
    const audited = t.db.select().from(activityLog).where(eq(activityLog.activityType, "CREATE")).all();
    expect(audited.map((a) => a.description).sort()).toEqual(["notes.txt", "Отчёт за май.PDF"]);
  });

  test("bytes that contradict the extension (415), an empty file (422), no file (422), two files (413), not multipart (400): nothing kept", async () => {
    const { alice } = await twoPeople();
    const cases = [
      { name: "fake.pdf", bytes: "<html><script>alert(1)</script></html>", status: 415, error: "file_type_mismatch" },
      { name: "photo.png", bytes: makePdf([["x"]]), status: 415, error: "file_type_mismatch" },
      { name: "sheet.xlsx", bytes: "a,b,c", status: 415, error: "file_type_mismatch" },
      { name: "photo.jpg", bytes: PNG, status: 415, error: "file_type_mismatch" },
      { name: "empty.txt", bytes: "", status: 422, error: "file_empty" },
    ];
    for (const c of cases) {
      const res = await upload(alice.cookie, c.name, c.bytes);
      expect([c.name, res.status, res.body.error]).toEqual([c.name, c.status, c.error]);
    }
    const none = await t.app.handle(new Request("http://plexus.test/api/files/save-user-file", { method: "POST", headers: { ...OWN, cookie: alice.cookie }, body: new FormData() }));
    expect(none.status).toBe(422);
    const withField = new FormData();
    withField.append("note", "no file here");
    const fieldOnly = await t.app.handle(new Request("http://plexus.test/api/files/save-user-file", { method: "POST", headers: { ...OWN, cookie: alice.cookie }, body: withField }));
    expect([fieldOnly.status, (await fieldOnly.json()).error]).toEqual([422, "validation_failed"]);
    const two = await t.app.handle(uploadRequest(alice.cookie, [{ name: "a.txt", bytes: "a" }, { name: "b.txt", bytes: "b" }]));
    expect(two.status).toBe(413);
    const json = await t.call("POST", "/files/save-user-file", { cookie: alice.cookie, body: { name: "x" } });
    expect([json.status, json.body.error]).toEqual([400, "multipart_expected"]);
    expect(storedFileCount()).toBe(0);
    expect(rowsOf(alice.user.id)).toHaveLength(0);
  });

  test("a file over the limit is refused while streaming (413) and nothing stays on disk", async () => {
    const { alice } = await twoPeople();
    const error = await saveUserFile(t.ctx, alice.user, uploadRequest(alice.cookie, [{ name: "big.txt", bytes: "x".repeat(64 * 1024) }]), { maxBytes: 1024 }).catch((e) => e);
    expect([error.status, error.code]).toEqual([413, "payload_too_large"]);
    const fits = await saveUserFile(t.ctx, alice.user, uploadRequest(alice.cookie, [{ name: "small.txt", bytes: "x".repeat(1000) }]), { maxBytes: 1024 });
    expect(fits.size).toBe(1000);
    expect(storedFileCount()).toBe(1);
    expect(rowsOf(alice.user.id)).toHaveLength(1);
  });

  test("signed out: 401 and nothing stored", async () => {
    const res = await upload(undefined, "a.txt", "a");
    expect(res.status).toBe(401);
    expect(storedFileCount()).toBe(0);
  });
});

describe("listing and entities", () => {
  test("get-file-entities lists only one's own files, newest first, filtered by name ignoring case in any script", async () => {
    const { alice, bob } = await twoPeople();
    await upload(alice.cookie, "Отчёт.txt", "1");
    await upload(alice.cookie, "report.TXT", "2");
    await upload(alice.cookie, "photo.png", PNG);
    await upload(bob.cookie, "bob-report.txt", "3");
    const all = await t.call("GET", "/files/get-file-entities", { cookie: alice.cookie });
    expect(all.body.map((f: { name: string }) => f.name)).toEqual(["photo.png", "report.TXT", "Отчёт.txt"]);
    const cyrillic = await t.call("GET", `/files/get-file-entities?name=${encodeURIComponent("ОТЧ")}`, { cookie: alice.cookie });
    expect(cyrillic.body.map((f: { name: string }) => f.name)).toEqual(["Отчёт.txt"]);
    const latin = await t.call("GET", "/files/get-file-entities?name=REP", { cookie: alice.cookie });
    expect(latin.body.map((f: { name: string }) => f.name)).toEqual(["report.TXT"]);
    const wildcard = await t.call("GET", "/files/get-file-entities?name=%25", { cookie: alice.cookie });
    expect(wildcard.body).toEqual([]);
    expect((await t.call("GET", "/files/get-file-entities")).status).toBe(401);
  });

  test("get-file-entity: the owner always, others through the share token while shared, otherwise 404", async () => {
    const { alice, bob } = await twoPeople();
    const file = (await upload(alice.cookie, "plan.txt", "plan")).body;
    expect(file).toMatchObject({ isShared: false, shareToken: null });
    expect((await t.call("GET", `/files/get-file-entity/${file.token}`, { cookie: alice.cookie })).body.id).toBe(file.id);
    const hidden = await t.call("GET", `/files/get-file-entity/${file.token}`, { cookie: bob.cookie });
    expect([hidden.status, hidden.body.error]).toEqual([404, "file_not_found"]);
    const [shared] = (await t.call("POST", `/files/share?id=${file.id}`, { cookie: alice.cookie })).body;
    expect(shared.shareToken).toMatch(/^[\w-]{32}$/);
    expect(shared.shareToken).not.toBe(file.token);
    const seen = await t.call("GET", `/files/get-file-entity/${shared.shareToken}`, { cookie: bob.cookie });
    // Bob sees the token he came by; the owner's own token and the share token's owner view stay hers.
    expect(seen.body).toMatchObject({ id: file.id, isShared: true, token: shared.shareToken, shareToken: null, owner: { id: alice.user.id } });
    expect((await t.call("GET", `/files/get-file-entity/${file.token}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await t.call("GET", `/files/get-file-entity/${file.token}`)).status).toBe(401);
    expect((await t.call("GET", "/files/get-file-entity/no-such-token", { cookie: alice.cookie })).status).toBe(404);
    expect((await t.call("GET", `/files/get-file-entity/${encodeURIComponent("../../x")}`, { cookie: alice.cookie })).status).toBe(404);
  });

  test("disk-space gives free and total bytes of the data directory's file system", async () => {
    const { alice } = await twoPeople();
    const res = await t.call("GET", "/files/disk-space", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.free).toBeGreaterThan(0);
    expect(res.body.free).toBeLessThanOrEqual(res.body.total);
    expect((await t.call("GET", "/files/disk-space")).status).toBe(401);
  });
});

describe("GET /files/get-user-file/{token}", () => {
  test("share, then the public download works signed out; withdraw: 404; remove: 404 and the bytes are gone", async () => {
    const { alice, bob } = await twoPeople();
    const bytes = makePdf([["Shared page"]]);
    const file = (await upload(alice.cookie, "Схема (v2).pdf", bytes)).body;
    const url = `/files/get-user-file/${file.token}`;

    const own = await fetchRaw(url, { cookie: alice.cookie });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(bytes)).toBe(true);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toBe(contentDisposition("attachment", "Схема (v2).pdf"));
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("content-security-policy")).toContain("sandbox");
    expect(own.headers.get("accept-ranges")).toBe("bytes");
    expect((await fetchRaw(`${url}?inline=1`, { cookie: alice.cookie })).headers.get("content-disposition")).toStartWith("inline;");

    expect((await fetchRaw(url)).status).toBe(404);
    expect((await fetchRaw(url, { cookie: bob.cookie })).status).toBe(404);

    const shared = await t.call("POST", `/files/share?id=${file.id}`, { cookie: alice.cookie });
    expect(shared.body).toEqual([expect.objectContaining({ id: file.id, isShared: true, token: file.token })]);
    const link = `/files/get-user-file/${shared.body[0].shareToken}`;
    const anonymous = await fetchRaw(link);
    expect(anonymous.status).toBe(200);
    expect(Buffer.from(await anonymous.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetchRaw(link, { cookie: bob.cookie })).status).toBe(200);
    // The file's own token is never the public link.
    expect((await fetchRaw(url)).status).toBe(404);
    const downloads = t.db.select().from(activityLog).where(eq(activityLog.activityType, "DOWNLOAD")).all();
    expect(downloads.map((d) => d.userId)).toEqual([alice.user.id, alice.user.id, null, bob.user.id]);

    const withdrawn = await t.call("POST", `/files/withdraw?ids=${file.id}`, { cookie: alice.cookie });
    expect(withdrawn.body[0]).toMatchObject({ isShared: false, shareToken: null });
    expect((await fetchRaw(link)).status).toBe(404);
    expect((await fetchRaw(url, { cookie: alice.cookie })).status).toBe(200);

    const stored = join(t.config.dataDir, rowsOf(alice.user.id)[0].storedPath);
    const removed = await t.call("POST", `/files/remove?ids=${file.id}`, { cookie: alice.cookie });
    expect(removed.body).toEqual({ ids: [file.id] });
    expect((await fetchRaw(url, { cookie: alice.cookie })).status).toBe(404);
    expect(existsSync(stored)).toBe(false);
    expect(t.db.select().from(activityLog).where(eq(activityLog.activityType, "DELETE")).all()).toHaveLength(1);
  });

  test("inline only for PDFs and images; everything else stays an attachment", async () => {
    const { alice } = await twoPeople();
    const png = (await upload(alice.cookie, "dot.png", PNG)).body;
    const html = (await upload(alice.cookie, "page.html", "<script>alert(1)</script>")).body;
    const txt = (await upload(alice.cookie, "a.txt", "text")).body;
    const disposition = async (token: string) => (await fetchRaw(`/files/get-user-file/${token}?inline=1`, { cookie: alice.cookie })).headers;
    expect((await disposition(png.token)).get("content-disposition")).toStartWith("inline;");
    const htmlHeaders = await disposition(html.token);
    expect(htmlHeaders.get("content-disposition")).toStartWith("attachment;");
    expect(htmlHeaders.get("content-type")).toBe("application/octet-stream");
    expect((await disposition(txt.token)).get("content-disposition")).toStartWith("attachment;");
  });

  test("Range requests answer 206 with Content-Range, 416 when unsatisfiable, and are not audited", async () => {
    const { alice } = await twoPeople();
    const text = "0123456789abcdef";
    const file = (await upload(alice.cookie, "digits.txt", text)).body;
    const url = `/files/get-user-file/${file.token}`;
    const part = async (range: string) => {
      const res = await fetchRaw(url, { cookie: alice.cookie, range });
      return { status: res.status, range: res.headers.get("content-range"), body: await res.text() };
    };
    expect(await part("bytes=0-3")).toEqual({ status: 206, range: "bytes 0-3/16", body: "0123" });
    expect(await part("bytes=10-")).toEqual({ status: 206, range: "bytes 10-15/16", body: "abcdef" });
    expect(await part("bytes=-2")).toEqual({ status: 206, range: "bytes 14-15/16", body: "ef" });
    const unsatisfiable = await part("bytes=16-20");
    expect([unsatisfiable.status, unsatisfiable.range, JSON.parse(unsatisfiable.body).error]).toEqual([416, "bytes */16", "range_not_satisfiable"]);
    expect(await part("bytes=0-1,4-5")).toEqual({ status: 200, range: null, body: text });
    expect(t.db.select().from(activityLog).where(eq(activityLog.activityType, "DOWNLOAD")).all()).toHaveLength(1);
    // A withdrawn or foreign file is not found, whatever the range.
    expect((await fetchRaw(url, { range: "bytes=0-3" })).status).toBe(404);
  });
});

describe("share, withdraw, remove", () => {
  test("comma lists of ids, through either `id` or `ids`", async () => {
    const { alice } = await twoPeople();
    const a = (await upload(alice.cookie, "a.txt", "a")).body;
    const b = (await upload(alice.cookie, "b.txt", "b")).body;
    const c = (await upload(alice.cookie, "c.txt", "c")).body;
    const shared = await t.call("POST", `/files/share?id=${a.id},${b.id}`, { cookie: alice.cookie });
    expect(shared.body.map((f: { id: number; isShared: boolean }) => [f.id, f.isShared])).toEqual([[a.id, true], [b.id, true]]);
    await t.call("POST", `/files/share?ids=${c.id}`, { cookie: alice.cookie });
    const withdrawn = await t.call("POST", `/files/withdraw?ids=${c.id},${a.id},${a.id}`, { cookie: alice.cookie });
    expect(withdrawn.body.map((f: { id: number }) => f.id)).toEqual([c.id, a.id]);
    expect(snapshot()).toEqual([{ id: a.id, isShared: false }, { id: b.id, isShared: true }, { id: c.id, isShared: false }]);
    const removed = await t.call("POST", `/files/remove?ids=${a.id},${c.id}`, { cookie: alice.cookie });
    expect(removed.body.ids).toEqual([a.id, c.id]);
    expect(rowsOf(alice.user.id).map((f) => f.id)).toEqual([b.id]);
    expect(storedFileCount()).toBe(1);
  });

  test("someone else's id anywhere in the list: 404 and nothing changes for any id", async () => {
    const { alice, bob } = await twoPeople();
    const mine = (await upload(alice.cookie, "mine.txt", "m")).body;
    const theirs = (await upload(bob.cookie, "theirs.txt", "t")).body;
    const before = snapshot();
    for (const call of ["share", "withdraw", "remove"]) {
      const res = await t.call("POST", `/files/${call}?ids=${mine.id},${theirs.id}`, { cookie: alice.cookie });
      expect([call, res.status, res.body.error]).toEqual([call, 404, "file_not_found"]);
      const missing = await t.call("POST", `/files/${call}?ids=${mine.id},999999`, { cookie: alice.cookie });
      expect(missing.status).toBe(404);
    }
    const records = await t.call("POST", "/files/save-records", { cookie: alice.cookie, body: [{ id: mine.id }, { id: theirs.id }] });
    expect(records.status).toBe(404);
    expect(snapshot()).toEqual(before);
    expect(storedFileCount()).toBe(2);
  });

  test("ids that are not ids: 422; signed out: 401", async () => {
    const { alice } = await twoPeople();
    for (const query of ["", "?ids=", "?ids=abc", "?ids=1,,x", "?id=-1", "?ids=0", "?ids=1.5"]) {
      const res = await t.call("POST", `/files/remove${query}`, { cookie: alice.cookie });
      expect([query, res.status]).toEqual([query, 422]);
    }
    for (const call of ["share", "withdraw", "remove"]) expect((await t.call("POST", `/files/${call}?ids=1`)).status).toBe(401);
    expect((await t.call("POST", "/files/save-records", { body: [{ id: 1 }] })).status).toBe(401);
  });

  test("save-records returns the actor's listed files and shares none of them", async () => {
    const { alice } = await twoPeople();
    const a = (await upload(alice.cookie, "a.txt", "a")).body;
    const b = (await upload(alice.cookie, "b.txt", "b")).body;
    const res = await t.call("POST", "/files/save-records", { cookie: alice.cookie, body: [{ id: b.id }, { id: a.id }] });
    expect(res.status).toBe(200);
    expect(res.body.map((f: { id: number; isShared: boolean; token: string }) => [f.id, f.isShared, f.token])).toEqual([[b.id, false, b.token], [a.id, false, a.token]]);
    expect(snapshot()).toEqual([{ id: a.id, isShared: false }, { id: b.id, isShared: false }]);
    expect((await fetchRaw(`/files/get-user-file/${a.token}`)).status).toBe(404);
    expect((await t.call("POST", "/files/save-records", { cookie: alice.cookie, body: [] })).status).toBe(422);
    expect((await t.call("POST", "/files/save-records", { cookie: alice.cookie, body: { id: a.id } })).status).toBe(422);
  });
});

describe("POST /files/add-file-entity/{token}", () => {
  test("copies someone else's shared file into one's drive with its own bytes and token, not shared", async () => {
    const { alice, bob } = await twoPeople();
    const original = (await upload(alice.cookie, "Смета.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).body;
    expect(original.type).toBe("xls");
    const notShared = await t.call("POST", `/files/add-file-entity/${original.token}`, { cookie: bob.cookie });
    expect([notShared.status, notShared.body.error]).toEqual([404, "file_not_found"]);

    const shareToken = (await t.call("POST", `/files/share?id=${original.id}`, { cookie: alice.cookie })).body[0].shareToken;
    const own = await t.call("POST", `/files/add-file-entity/${shareToken}`, { cookie: alice.cookie });
    expect([own.status, own.body.error]).toEqual([409, "file_own"]);
    expect((await t.call("POST", `/files/add-file-entity/${original.token}`, { cookie: bob.cookie })).status).toBe(404);

    const copy = await t.call("POST", `/files/add-file-entity/${shareToken}`, { cookie: bob.cookie });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: "Смета.xlsx", type: "xls", size: original.size, isShared: false, owner: { id: bob.user.id } });
    expect(copy.body.token).not.toBe(original.token);
    expect(copy.body.token).not.toBe(shareToken);
    const [aliceRow] = rowsOf(alice.user.id);
    const [bobRow] = rowsOf(bob.user.id);
    expect(bobRow.storedPath).not.toBe(aliceRow.storedPath);

    // The copy outlives the original.
    await t.call("POST", `/files/remove?ids=${original.id}`, { cookie: alice.cookie });
    const bytes = await fetchRaw(`/files/get-user-file/${copy.body.token}`, { cookie: bob.cookie });
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect((await t.call("POST", `/files/add-file-entity/${shareToken}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await t.call("POST", "/files/add-file-entity/unknown", { cookie: bob.cookie })).status).toBe(404);
    expect((await t.call("POST", `/files/add-file-entity/${copy.body.token}`)).status).toBe(401);
    expect(storedFileCount()).toBe(1);
  });
});

describe("a share link and the chats the file was sent to", () => {
  test("share, send into a chat, withdraw: the chat's member still opens the file, the old link is dead", async () => {
    const { alice, bob } = await twoPeople();
    const file = (await upload(alice.cookie, "minutes.txt", "site minutes")).body;
    const [shared] = (await t.call("POST", `/files/share?id=${file.id}`, { cookie: alice.cookie })).body;
    const chat = await t.call("POST", "/chats/new-chat", { cookie: alice.cookie, body: { name: `Site ${alice.user.id}`, type: "PRIVATE", members: [{ id: bob.user.id }] } });
    const sent = sendMessage(t.ctx, alice.user, chat.body, { file: { id: file.id } });
    // The message carries the file's own token, never the public link's.
    expect(sent.file).toMatchObject({ id: file.id, token: file.token });
    expect(sent.file?.token).not.toBe(shared.shareToken);

    await t.call("POST", `/files/withdraw?ids=${file.id}`, { cookie: alice.cookie });
    const member = await fetchRaw(`/files/get-user-file/${file.token}`, { cookie: bob.cookie });
    expect([member.status, await member.text()]).toEqual([200, "site minutes"]);
    expect((await t.call("GET", `/files/get-file-entity/${file.token}`, { cookie: bob.cookie })).body).toMatchObject({ id: file.id, isShared: false });
    expect((await fetchRaw(`/files/get-user-file/${shared.shareToken}`)).status).toBe(404);
    expect((await fetchRaw(`/files/get-user-file/${shared.shareToken}`, { cookie: bob.cookie })).status).toBe(404);
    // Nobody outside the chat reads it by the chat's token.
    expect((await fetchRaw(`/files/get-user-file/${file.token}`)).status).toBe(404);
  });
});

describe("share link options: an end date and a password", () => {
  async function sharedFile(cookie: string, name = "plan.txt", text = "the plan") {
    const file = (await upload(cookie, name, text)).body;
    const [shared] = (await t.call("POST", `/files/share?id=${file.id}`, { cookie })).body;
    return shared as { id: number; token: string; shareToken: string };
  }
  const options = (cookie: string, body: Record<string, unknown>) => t.call("POST", "/files/share-options", { cookie, body });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const expireNow = (id: number) => t.db.update(driveFiles).set({ shareExpiresAt: new Date(Date.now() - 1000) }).where(eq(driveFiles.id, id)).run();

  test("an end date: the link works until then, answers 410 share_expired after, for everyone but the owner; bad dates are 422", async () => {
    const { alice, bob } = await twoPeople();
    const file = await sharedFile(alice.cookie);
    const set = await options(alice.cookie, { id: file.id, expiresAt: inDays(3) });
    expect(set.status).toBe(200);
    expect(new Date(set.body.shareExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const link = `/files/get-user-file/${file.shareToken}`;
    expect((await fetchRaw(link)).status).toBe(200);
    // Others never learn the link's settings.
    expect((await t.call("GET", `/files/get-file-entity/${file.shareToken}`, { cookie: bob.cookie })).body).toMatchObject({ shareExpiresAt: null, sharePassword: false });

    expireNow(file.id);
    const expired = await fetchRaw(link);
    expect([expired.status, (await expired.json()).error]).toEqual([410, "share_expired"]);
    expect((await t.call("GET", `/files/get-file-entity/${file.shareToken}`, { cookie: bob.cookie })).status).toBe(410);
    expect((await t.call("POST", `/files/add-file-entity/${file.shareToken}`, { cookie: bob.cookie })).status).toBe(410);
    expect((await fetchRaw(link, { cookie: alice.cookie })).status).toBe(200);

    // Dates in the past, more than a year ahead, or not dates; a file not shared; someone else's file.
    for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), inDays(400), "soon", ""]) {
      const res = await options(alice.cookie, { id: file.id, expiresAt });
      expect([expiresAt, res.status, res.body.details?.[0]?.code]).toEqual([expiresAt, 422, "drive.expiryInvalid"]);
    }
    const plain = (await upload(alice.cookie, "plain.txt", "p")).body;
    expect((await options(alice.cookie, { id: plain.id, expiresAt: null })).body.error).toBe("file_not_shared");
    expect((await options(bob.cookie, { id: file.id, expiresAt: null })).status).toBe(404);
    expect((await t.call("POST", "/files/share-options", { body: { id: file.id, expiresAt: null } })).status).toBe(401);

    // Clearing the date opens the link again; withdrawing and sharing anew starts with no date.
    expect((await options(alice.cookie, { id: file.id, expiresAt: null })).body.shareExpiresAt).toBeNull();
    expect((await fetchRaw(link)).status).toBe(200);
    await options(alice.cookie, { id: file.id, expiresAt: inDays(1) });
    await t.call("POST", `/files/withdraw?ids=${file.id}`, { cookie: alice.cookie });
    const [again] = (await t.call("POST", `/files/share?id=${file.id}`, { cookie: alice.cookie })).body;
    expect(again).toMatchObject({ shareExpiresAt: null, sharePassword: false });
  });

  test("a password: kept as an argon2id hash that no answer carries; the file only after it; wrong: 422; the cookie ends with a new password", async () => {
    const { alice, bob } = await twoPeople();
    const file = await sharedFile(alice.cookie, "Смета.txt", "total 42");
    const set = await options(alice.cookie, { id: file.id, expiresAt: null, password: "gate-4711" });
    expect(set.body).toMatchObject({ sharePassword: true, shareExpiresAt: null });
    const row = t.db.select().from(driveFiles).where(eq(driveFiles.id, file.id)).get()!;
    expect(row.sharePasswordHash).toStartWith("$argon2id$");
    expect(JSON.stringify(set.body)).not.toContain(row.sharePasswordHash!);
    expect(JSON.stringify(set.body)).not.toContain("gate-4711");
    const listed = await t.call("GET", "/files/get-file-entities", { cookie: alice.cookie });
    expect(JSON.stringify(listed.body)).not.toContain("argon2");

    const link = `/files/get-user-file/${file.shareToken}`;
    const locked = await fetchRaw(link);
    expect([locked.status, (await locked.json()).error]).toEqual([403, "share_password_required"]);
    expect((await t.call("GET", `/files/get-file-entity/${file.shareToken}`, { cookie: bob.cookie })).body.error).toBe("share_password_required");
    expect((await t.call("POST", `/files/add-file-entity/${file.shareToken}`, { cookie: bob.cookie })).status).toBe(403);
    // The owner is never asked.
    expect((await fetchRaw(link, { cookie: alice.cookie })).status).toBe(200);

    const unlock = (password: string, cookie?: string) => t.call("POST", `/files/unlock-share/${file.shareToken}`, { body: { password }, cookie });
    const wrong = await unlock("gate-0000");
    expect([wrong.status, wrong.body.error]).toEqual([422, "share_password_wrong"]);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const right = await unlock("gate-4711");
    expect(right.status).toBe(200);
    const setCookie = right.headers.get("set-cookie")!;
    expect(setCookie).toStartWith(`plexus_share_${file.shareToken}=`);
    expect(setCookie).toContain("HttpOnly");
    const visitor = setCookie.split(";")[0];
    const opened = await fetchRaw(link, { cookie: visitor });
    expect([opened.status, await opened.text()]).toEqual([200, "total 42"]);
    // Signed in as someone else, the same cookie opens it and the copy works.
    expect((await t.call("POST", `/files/add-file-entity/${file.shareToken}`, { cookie: `${bob.cookie}; ${visitor}` })).status).toBe(200);
    // A forged or altered cookie opens nothing.
    for (const forged of [`plexus_share_${file.shareToken}=x.y`, `${visitor}x`, `plexus_share_${file.shareToken}=${visitor.split("=")[1].replace(/^\w+\./, "zzzz.")}`]) {
      expect([forged, (await fetchRaw(link, { cookie: forged })).status]).toEqual([forged, 403]);
    }

    // A new password ends what the old one opened; removing it opens the link to everyone.
    await options(alice.cookie, { id: file.id, expiresAt: null, password: "gate-9999" });
    expect((await fetchRaw(link, { cookie: visitor })).status).toBe(403);
    expect((await options(alice.cookie, { id: file.id, expiresAt: inDays(2) })).body.sharePassword).toBe(true);
    expect((await options(alice.cookie, { id: file.id, expiresAt: null, password: null })).body.sharePassword).toBe(false);
    expect((await fetchRaw(link)).status).toBe(200);
    // Too short, and an unknown link.
    expect((await options(alice.cookie, { id: file.id, expiresAt: null, password: "abc" })).status).toBe(422);
    expect((await t.call("POST", "/files/unlock-share/no-such-link", { body: { password: "x" } })).status).toBe(404);
  }, 30_000); // argon2id on purpose: about a dozen hashes and checks

  test("wrong passwords are limited: five from one address lock it out of that link (429, even with the right one, even in one burst), twenty lock the link", async () => {
    const { alice } = await twoPeople();
    const file = await sharedFile(alice.cookie);
    await options(alice.cookie, { id: file.id, expiresAt: null, password: "right-one" });
    const attempt = (password: string, address: string) => unlockLink(t.ctx, file.shareToken, password, address).then(() => 200, (e) => e.status);
    // Eight guesses at once: they are checked one after another, so only five are tried.
    const burst = await Promise.all(Array.from({ length: 8 }, () => attempt("wrong", "10.0.0.1")));
    expect(burst).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    expect(await attempt("right-one", "10.0.0.1")).toBe(429);
    expect(await attempt("right-one", "10.0.0.2")).toBe(200);
    // Another link of the same visitor is not affected.
    const other = await sharedFile(alice.cookie, "other.txt");
    await options(alice.cookie, { id: other.id, expiresAt: null, password: "right-two" });
    expect(await unlockLink(t.ctx, other.shareToken, "right-two", "10.0.0.1").then(() => 200)).toBe(200);
    // Guesses spread over many addresses: after twenty failures the link takes no more guesses from anyone.
    for (let i = 0; i < 15; i++) expect(await attempt("wrong", `10.1.${i}.1`)).toBe(422);
    expect(await attempt("right-one", "10.2.0.1")).toBe(429);
    const answered = await t.call("POST", `/files/unlock-share/${file.shareToken}`, { body: { password: "right-one" } });
    expect([answered.status, answered.body.error]).toEqual([429, "too_many_requests"]);
  }, 60_000);
});

describe("quota", () => {
  const KB = 1024;
  const quotaOf = async (cookie: string) => (await t.call("GET", "/files/quota", { cookie })).body;

  /** A multipart upload whose body is made as it is read, counting the bytes the server pulled. */
  function streamedUpload(cookie: string, name: string, bytes: number) {
    const boundary = "plexus-boundary";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const chunk = new Uint8Array(64 * KB).fill(120);
    let sent = 0;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        let next: Uint8Array;
        if (pulled === 0) next = head;
        else if (sent < bytes) {
          next = chunk.subarray(0, Math.min(chunk.byteLength, bytes - sent));
          sent += next.byteLength;
        } else {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        pulled += next.byteLength;
        controller.enqueue(next);
      },
    });
    const request = new Request("http://plexus.test/api/files/save-user-file", {
      method: "POST",
      headers: { ...OWN, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, pulled: () => pulled };
  }

  test("DRIVE_QUOTA_MB holds while the upload streams: past it a 413 drive_quota_exceeded, the rest of the body unread, nothing kept", async () => {
    await restart({ DRIVE_QUOTA_MB: "1" });
    const { alice } = await twoPeople();
    expect(await quotaOf(alice.cookie)).toEqual({ userId: alice.user.id, used: 0, quota: 1024 * KB, custom: false });
    expect((await upload(alice.cookie, "first.txt", "x".repeat(600 * KB))).status).toBe(200);
    expect(await quotaOf(alice.cookie)).toMatchObject({ used: 600 * KB, quota: 1024 * KB });

    // 100 MB offered with 424 KB left: refused once the quota is passed, long before the body ends.
    const big = streamedUpload(alice.cookie, "big.txt", 100 * 1024 * KB);
    const refused = await t.app.handle(big.request);
    expect([refused.status, (await refused.json()).error]).toEqual([413, "drive_quota_exceeded"]);
    expect(big.pulled()).toBeLessThan(8 * 1024 * KB);
    expect(storedFileCount()).toBe(1);
    expect(rowsOf(alice.user.id)).toHaveLength(1);

    // What still fits goes in; then a full drive refuses before reading anything.
    expect((await t.app.handle(streamedUpload(alice.cookie, "fits.txt", 424 * KB).request)).status).toBe(200);
    const full = streamedUpload(alice.cookie, "more.txt", 10 * KB);
    const none = await t.app.handle(full.request);
    expect([none.status, (await none.json()).error]).toEqual([413, "drive_quota_exceeded"]);
    expect(full.pulled()).toBeLessThan(64 * KB);
    expect(storedFileCount()).toBe(2);
    // Removing a file makes room again.
    await t.call("POST", `/files/remove?ids=${rowsOf(alice.user.id)[0].id}`, { cookie: alice.cookie });
    expect((await upload(alice.cookie, "small.txt", "x".repeat(10 * KB))).status).toBe(200);
  });

  test("a copy into one's drive counts too: past the quota, 413 and nothing copied", async () => {
    await restart({ DRIVE_QUOTA_MB: "1" });
    const { alice, bob } = await twoPeople();
    const theirs = (await upload(alice.cookie, "big.txt", "x".repeat(700 * KB))).body;
    const [shared] = (await t.call("POST", `/files/share?id=${theirs.id}`, { cookie: alice.cookie })).body;
    await upload(bob.cookie, "own.txt", "y".repeat(400 * KB));
    const copy = await t.call("POST", `/files/add-file-entity/${shared.shareToken}`, { cookie: bob.cookie });
    expect([copy.status, copy.body.error]).toEqual([413, "drive_quota_exceeded"]);
    expect(rowsOf(bob.user.id)).toHaveLength(1);
    expect(storedFileCount()).toBe(2);
  });

  test("administrators set a user's quota in MB (null: the default); an ADMIN only for those they outrank", async () => {
    const admin = await t.userWithCookie("ADMIN");
    const system = await t.userWithCookie("SYSTEM_ADMIN");
    const { alice } = await twoPeople();
    const otherAdmin = await makeUserOf("ADMIN");
    const set = (cookie: string, userId: number, quotaMb: number | null) => t.call("POST", "/files/set-quota", { cookie, body: { userId, quotaMb } });

    const res = await set(admin.cookie, alice.user.id, 2);
    expect(res.body).toEqual({ userId: alice.user.id, used: 0, quota: 2 * 1024 * KB, custom: true });
    expect(await quotaOf(alice.cookie)).toMatchObject({ quota: 2 * 1024 * KB, custom: true });
    expect(t.db.select().from(activityLog).where(eq(activityLog.activityType, "UPDATE")).all().map((a) => a.description)).toContain(`drive quota of ${alice.user.login}: 2 MB`);
    expect((await set(admin.cookie, alice.user.id, 0)).body.quota).toBe(0);
    expect((await upload(alice.cookie, "a.txt", "a")).body.error).toBe("drive_quota_exceeded");
    expect((await set(admin.cookie, alice.user.id, null)).body).toMatchObject({ custom: false, quota: t.config.driveQuotaBytes });
    expect(t.db.select().from(driveQuotas).all()).toEqual([]);

    expect((await set(admin.cookie, otherAdmin.id, 5)).status).toBe(403);
    expect((await set(admin.cookie, system.user.id, 5)).status).toBe(403);
    expect((await set(admin.cookie, admin.user.id, 5)).status).toBe(403);
    expect((await set(system.cookie, otherAdmin.id, 5)).status).toBe(200);
    expect((await set(system.cookie, system.user.id, 5)).status).toBe(200);
    expect((await set(alice.cookie, alice.user.id, 5000)).status).toBe(403);
    expect((await set(admin.cookie, 999_999, 5)).status).toBe(404);
    for (const quotaMb of [-1, 1.5, 10_000_001, "lots"]) expect((await t.call("POST", "/files/set-quota", { cookie: admin.cookie, body: { userId: alice.user.id, quotaMb } })).status).toBe(422);
    expect(t.db.select().from(driveQuotas).all().map((q) => q.userId).sort()).toEqual([otherAdmin.id, system.user.id].sort());
  });
});
