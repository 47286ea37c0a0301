import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { docVersions } from "../../../db/schema";
import { makeDocx, makePdf, makePng } from "../../lib/sample-documents";
import { saveDocuments } from "../../testing/documents";
import { factories } from "../../testing/factories";
import { testApp, type TestApp } from "../../testing/harness";
import { versionPreview } from "./body-service";
import { pdfTextsRead } from "./pdf-text";

let t: TestApp;
beforeEach(() => (t = testApp()));
afterEach(async () => {
  await pdfTextsRead(t.db);
  await t.close();
});

/** As an <img> of our own page asks: no proof header. */
const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(`http://plexus.test/api${path}`, { headers: { cookie, "sec-fetch-dest": "image", "sec-fetch-site": "same-origin", ...headers } }));

const photos = [makePng(120, 80, [120, 110, 100], 24), makePng(60, 40, [30, 90, 40], 10)];
const surveyDocx = (sections: number) =>
  makeDocx(
    "Отчёт об обследовании",
    Array.from({ length: sections }, (_, i) => ({ heading: `Раздел ${i + 1}`, paragraphs: [`Опора ${i + 1}: трещины в бетоне. `.repeat(20)], picture: photos[i] })),
  );

describe("a Word body's pictures", () => {
  test("come as files of their own, lazily, cached for good, to readers only; the body carries no inline data", async () => {
    const scene = await factories(t).projectScene();
    const [saved] = await saveDocuments(t, scene.moderator.cookie, scene.project.id, [{ name: "survey.docx", bytes: await surveyDocx(2) }]);
    const versionId = saved.version.id;
    expect(t.db.select().from(docVersions).where(eq(docVersions.id, versionId)).get()!.body).toContain('src="data:image/png;base64,');

    const body = (await t.call("GET", `/docs/get-body/${versionId}`, { cookie: scene.member.cookie })).body.body as string;
    expect(body).not.toContain("data:");
    expect(body).toMatch(new RegExp(`src="/api/docs/get-picture/${versionId}\\?n=0&amp;h=\\w+" loading="lazy"`));
    expect(body).toMatch(new RegExp(`src="/api/docs/get-picture/${versionId}\\?n=1&amp;h=\\w+" loading="lazy"`));

    for (const [n, png] of photos.entries()) {
      const picture = await get(`/docs/get-picture/${versionId}?n=${n}`, scene.member.cookie);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/png");
      expect(picture.headers.get("cache-control")).toContain("immutable");
      expect(picture.headers.get("x-content-type-options")).toBe("nosniff");
      expect([...new Uint8Array(await picture.arrayBuffer())]).toEqual([...png]);
    }
    const missing = await get(`/docs/get-picture/${versionId}?n=2`, scene.member.cookie);
    expect([missing.status, (await missing.json()).error]).toEqual([404, "picture_not_found"]);
    expect((await get(`/docs/get-picture/${versionId}?n=0`, scene.outsider.cookie)).status).toBe(404);
    expect((await get(`/docs/get-picture/${versionId}?n=0`, "")).status).toBe(401);
    expect((await get(`/docs/get-picture/${versionId}?n=-1`, scene.member.cookie)).status).toBe(422);
  }, 30_000);
});

describe("what the document page renders before its scripts", () => {
  test("a long Word body: its first screen, cut between blocks, the start of what get-body serves", async () => {
    const scene = await factories(t).projectScene();
    const [saved] = await saveDocuments(t, scene.moderator.cookie, scene.project.id, [{ name: "survey.docx", bytes: await surveyDocx(80) }]);
    const versionId = saved.version.id;
    const served = (await t.call("GET", `/docs/get-body/${versionId}`, { cookie: scene.member.cookie })).body.body as string;
    const preview = versionPreview(t.db, scene.member.user, versionId)!;
    expect(preview.complete).toBe(false);
    expect(served.startsWith(preview.html!)).toBe(true);
    expect(preview.html!.length).toBeGreaterThan(12_000);
    expect(preview.html!.length).toBeLessThan(served.length / 2);
    expect(preview.html).toMatch(/<\/(p|h1)>$/);
    expect(() => versionPreview(t.db, scene.outsider.user, versionId)).toThrow();
  }, 30_000);

  test("a PDF: its first page's text once the server has read it, not the pages after", async () => {
    const scene = await factories(t).projectScene();
    const pdf = makePdf([["Load test report", "Passed at 120% of design load."], ["Appendix: gauges"]]);
    const [saved] = await saveDocuments(t, scene.moderator.cookie, scene.project.id, [{ name: "load.pdf", bytes: pdf }]);
    await pdfTextsRead(t.db);
    const preview = versionPreview(t.db, scene.member.user, saved.version.id)!;
    expect(preview.text).toContain("Passed at 120% of design load.");
    expect(preview.text).not.toContain("Appendix");
  }, 30_000);
});
