import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import pdfmake from "pdfmake";
import { docVersions } from "../../../db/schema";
import { makePdf } from "../../lib/sample-documents";
import { factories } from "../../testing/factories";
import { saveDocuments as saveTestDocuments, stageFiles } from "../../testing/documents";
import { testApp, type TestApp } from "../../testing/harness";
import { reportPdf } from "../reports/pdf";
import { pdfTextsRead, readPdfTexts, type PdfTextLimits } from "./pdf-text";

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeEach(() => {
  t = testApp();
  f = factories(t);
});
afterEach(async () => {
  await pdfTextsRead(t.db);
  await t.close();
});

const find = (cookie: string, ...words: string[]) => t.call("GET", `/full-text-search/find?${words.map((w) => `q=${encodeURIComponent(w)}`).join("&")}`, { cookie });

/** A PDF written by pdfmake (Roboto, so Cyrillic stays text) with one paragraph per entry. */
const russianPdf = (paragraphs: string[]) =>
  reportPdf({ name: "div", attrs: {}, children: paragraphs.map((text) => ({ name: "p", attrs: {}, children: [text] })) }, "Отчёт");

/** A PDF only its password opens (pdfmake encrypts it), after russianPdf has given pdfmake its fonts. */
async function encryptedPdf(text: string) {
  await russianPdf([]);
  return new Uint8Array(await pdfmake.createPdf({ content: text, userPassword: "secret", defaultStyle: { font: "Roboto" } }).getBuffer());
}

const stage = (cookie: string, files: { name: string; bytes: Uint8Array | string }[]) => stageFiles(t, cookie, files);
const saveDocuments = (cookie: string, projectId: number, files: { name: string; bytes: Uint8Array | string }[]) => saveTestDocuments(t, cookie, projectId, files);

/** Waits for the pass the upload started, then reads the document's PDF again with other limits. */
async function rereadWith(dataId: number, limits: Partial<PdfTextLimits>) {
  await pdfTextsRead(t.db);
  t.db.update(docVersions).set({ text: null }).where(eq(docVersions.dataId, dataId)).run();
  await readPdfTexts(t.ctx, { maxBytes: 1024 * 1024, maxPages: 10, maxChars: 100_000, timeoutMs: 30_000, maxRssGrowthBytes: 512 * 1024 * 1024, ...limits });
}

const storedText = (dataId: number) => t.db.select({ text: docVersions.text }).from(docVersions).where(eq(docVersions.dataId, dataId)).get()!.text;

describe("PDF text in full-text search", () => {
  test("a Russian word form inside a PDF is found by another form with a highlighted, escaped snippet; answers never carry the text", async () => {
    const { project, moderator, member } = await f.projectScene({ name: "Мост" });
    const [doc] = await saveDocuments(moderator.cookie, project.id, [
      { name: "Обследование.pdf", bytes: await russianPdf(["Список кандидатов на должность инженера.", "Давление < 5 бар & выше."]) },
    ]);
    expect(doc!.version).toMatchObject({ type: "PDF", hasBody: false });
    expect(doc!.version).not.toHaveProperty("text");
    await pdfTextsRead(t.db);
    expect(storedText(doc!.id)).toContain("Список кандидатов на должность");

    const res = await find(member.cookie, "кандидат");
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(1);
    const [hit] = res.body.content;
    expect(hit).toMatchObject({ type: "DOC", id: doc!.id, name: "Обследование.pdf", version: { id: expect.any(Number) } });
    expect(hit.snippet).toContain("Список <mark>кандидатов</mark> на должность");
    // '<' and '&' in a PDF are text, not markup: the snippet shows them escaped, nothing is lost between them.
    expect((await find(member.cookie, "давление")).body.content[0].snippet).toContain("<mark>Давление</mark> &lt; 5 бар &amp; выше");

    // The viewer still sees a PDF without a converted body; no docs answer sends the text.
    const versions = await t.call("GET", `/docs/get-all-versions/${doc!.id}`, { cookie: member.cookie });
    expect(versions.body[0]).toMatchObject({ type: "PDF", hasBody: false });
    expect(JSON.stringify(versions.body)).not.toContain("кандидатов");
    const body = await t.call("GET", `/docs/get-body/${versions.body[0].id}`, { cookie: member.cookie });
    expect(body.body.body).toBe("");

    // A newer PDF version, added to the document, is read in turn and replaces the older text in the index.
    const [next] = await stage(moderator.cookie, [{ name: "v2.pdf", bytes: await russianPdf(["Перечень подрядчиков моста."]) }]);
    const added = await t.call("POST", "/docs/add-doc-version", { cookie: moderator.cookie, body: { data: { id: doc!.id }, path: next!.path } });
    expect(added.status).toBe(200);
    expect(added.body).not.toHaveProperty("text");
    await pdfTextsRead(t.db);
    expect((await find(member.cookie, "подрядчик")).body.content.map((h: { id: number }) => h.id)).toEqual([doc!.id]);
    expect((await find(member.cookie, "кандидат")).body.totalElements).toBe(0);
  }, 60_000);

  test("a damaged, an encrypted, a textless PDF and one past the time limit upload as before (200) and are simply not found; later PDFs are still read", async () => {
    const { project, moderator, member } = await f.projectScene();
    const damaged = "%PDF-1.7\n1 0 obj << /Type /Catalog turbine >>\ngarbage turbine\n%%EOF\n";
    const [broken, locked, blank] = await saveDocuments(moderator.cookie, project.id, [
      { name: "broken.pdf", bytes: damaged },
      { name: "locked.pdf", bytes: await encryptedPdf("turbine") },
      { name: "scan.pdf", bytes: makePdf([[]]) },
    ]);
    await pdfTextsRead(t.db);
    expect([storedText(broken!.id), storedText(locked!.id), storedText(blank!.id)]).toEqual(["", "", ""]);
    expect((await find(member.cookie, "turbine")).body.totalElements).toBe(0);

    // The pass that reads a file too slowly leaves it textless and goes on.
    const [slow] = await saveDocuments(moderator.cookie, project.id, [{ name: "slow.pdf", bytes: makePdf([["turbine hall"]]) }]);
    await rereadWith(slow!.id, { timeoutMs: 1 });
    expect(storedText(slow!.id)).toBe("");
    const [good] = await saveDocuments(moderator.cookie, project.id, [{ name: "good.pdf", bytes: makePdf([["turbine hall"]]) }]);
    await pdfTextsRead(t.db);
    expect((await find(member.cookie, "turbines")).body.content.map((h: { id: number }) => h.id)).toEqual([good!.id]);
  }, 60_000);

  test("a PDF with more text than the caps is read only up to them: characters and pages", async () => {
    const { project, moderator, member } = await f.projectScene();
    const line = "turbine pumps water into the cooling loop every four hours";
    const pages = [Array.from({ length: 30 }, () => line), Array.from({ length: 30 }, (_, n) => (n === 29 ? "helicopter" : line)), ["pagefour"], ["pagefive"]];
    const [doc] = await saveDocuments(moderator.cookie, project.id, [{ name: "long.pdf", bytes: makePdf(pages) }]);
    await rereadWith(doc!.id, { maxPages: 3, maxChars: 2000 });
    const text = storedText(doc!.id)!;
    expect(text.length).toBeGreaterThan(1900);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.startsWith("turbine pumps water")).toBe(true);
    expect((await find(member.cookie, "pumps")).body.totalElements).toBe(1);
    expect((await find(member.cookie, "helicopter")).body.totalElements).toBe(0);

    await rereadWith(doc!.id, { maxPages: 3 });
    expect((await find(member.cookie, "helicopter")).body.totalElements).toBe(1);
    expect((await find(member.cookie, "pagefive")).body.totalElements).toBe(0);

    await rereadWith(doc!.id, { maxBytes: 1000 });
    expect(storedText(doc!.id)).toBe("");
    expect((await find(member.cookie, "pumps")).body.totalElements).toBe(0);
  }, 60_000);

  test("PDF versions stored before texts were read (text null) are read by the next pass, as the server starts one", async () => {
    const { project, moderator, member } = await f.projectScene();
    const [doc] = await saveDocuments(moderator.cookie, project.id, [{ name: "old.pdf", bytes: makePdf([["Archive of the turbine hall"]]) }]);
    await pdfTextsRead(t.db);
    t.db.update(docVersions).set({ text: null }).where(eq(docVersions.dataId, doc!.id)).run();
    expect((await find(member.cookie, "archive")).body.totalElements).toBe(0);
    await readPdfTexts(t.ctx);
    expect((await find(member.cookie, "archive")).body.content.map((h: { id: number }) => h.id)).toEqual([doc!.id]);
  }, 60_000);
});
