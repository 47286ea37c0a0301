import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import mammoth from "mammoth";
import { extractText } from "unpdf";
import { activityLog, dataItems } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { REPORT_LIMITS } from "./limits";

const { t, f } = withTestApp();

/** A 2×2 PNG. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4zwAEIOI/kAAAG/ID/VxhF44AAAAASUVORK5CYII=";

/**
 * A report in category A naming a table and a chart of A (seen by everyone), a table and a chart of B
 * (hidden from the limited member), a removed table, a document, a table of another project and an id
 * that does not exist. The member is limited to A; the moderator sees the whole project.
 */
async function scene() {
  const s = await f.projectScene({ name: "Мост" });
  const a = f.category(s.project.id, { name: "A" });
  const b = f.category(s.project.id, { name: "B" });
  const other = f.project("Other");
  const rows = [["Опора", 1.23456789], ["Пролёт", 42]];
  const seen = f.table(s.project.id, { name: "Нагрузки опор", headers: ["Узел", "Нагрузка", "url"], rows: rows.map((r) => [...r, '[{"lat":1,"lon":2}]']), categoryIds: [a.id] });
  const chart = f.dataItem(s.project.id, { name: "График прогиба", dataType: "CHART", value: "{}" }, [a.id]);
  const hidden = f.table(s.project.id, { name: "Secret budget", headers: ["Cost"], rows: [["999 secret"]], categoryIds: [b.id] });
  const hiddenChart = f.dataItem(s.project.id, { name: "Secret chart", dataType: "CHART", value: "{}" }, [b.id]);
  const removed = f.table(s.project.id, { name: "Removed table", headers: ["x"], rows: [["gone"]], categoryIds: [a.id] });
  t.db.update(dataItems).set({ isActive: false }).where(eq(dataItems.id, removed.id)).run();
  const doc = f.dataItem(s.project.id, { name: "Plain document", dataType: "DOC" }, [a.id]);
  const foreign = f.table(other.id, { name: "Foreign table", headers: ["y"], rows: [["elsewhere"]] });
  const ids = [seen.id, chart.id, hidden.id, hiddenChart.id, removed.id, doc.id, foreign.id, 999_999];
  const body = `<h2>Годовой отчёт</h2>${ids.map((id) => `<p>[DATA-${id}]</p>`).join("")}<p>Конец отчёта</p>`;
  const report = f.dataItem(s.project.id, { name: "Отчёт за год", dataType: "REPORT", body }, [a.id]);
  const membership = t.db.query.userProjects.findFirst({ where: (m, { and, eq }) => and(eq(m.userId, s.member.user.id), eq(m.projectId, s.project.id)) });
  f.assignCategories((await membership)!.id, [a.id]);
  return { ...s, a, b, report, seen, chart, hidden, hiddenChart, removed, doc, foreign };
}

type Who = { cookie: string };
const save = (who: Who, body: unknown) => t.call("POST", "/report/save", { cookie: who.cookie, body });

/** An export as the page sends it, answered as bytes. */
async function exportAs(who: Who, id: number, format: string, images: Record<string, string> = {}, language = "ru") {
  const response = await t.app.handle(
    new Request(`http://plexus.test/api/report/export/${id}?format=${format}`, {
      method: "POST",
      headers: { ...OWN_PAGE_HEADERS, cookie: who.cookie, "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({ images }),
    }),
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(new TextDecoder().decode(bytes)) : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

const pdfText = async (bytes: Uint8Array) => (await extractText(bytes, { mergePages: true })).text as string;
const docxText = async (bytes: Uint8Array) => (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
const bodyOf = (id: number) => t.db.select({ body: dataItems.body }).from(dataItems).where(eq(dataItems.id, id)).get()!.body;

describe("report/save", () => {
  test("stores the body sanitised with the report setting, placeholders kept as text", async () => {
    const s = await scene();
    const res = await save(s.moderator, {
      id: s.report.id,
      body: `<p onclick="steal()">Итог</p><script>steal()</script><p data-pdfmake='{"image":"/etc/passwd"}' style="color:red">[DATA-${s.seen.id}]</p><img src="https://tracker.test/p.png">`,
    });
    expect(res.status).toBe(200);
    const stored = `<p>Итог</p><p>[DATA-${s.seen.id}]</p><img />`;
    expect(res.body.body).toBe(stored);
    expect(bodyOf(s.report.id)).toBe(stored);
    expect(res.body.blocks).toEqual([{ id: s.seen.id, dataType: "TABLE" }]);
  });

  test("a plain member may not save, an outsider does not see the report, another type is no report: nothing changes", async () => {
    const s = await scene();
    const before = bodyOf(s.report.id);
    const member = await save(s.member, { id: s.report.id, body: "<p>mine</p>" });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe("forbidden");
    const outsider = await save(s.outsider, { id: s.report.id, body: "<p>mine</p>" });
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toBe("data_not_found");
    const notReport = await save(s.moderator, { id: s.seen.id, body: "<p>mine</p>" });
    expect(notReport.status).toBe(404);
    const tooLong = await save(s.moderator, { id: s.report.id, body: "x".repeat(REPORT_LIMITS.body + 1) });
    expect([413, 422]).toContain(tooLong.status);
    expect(bodyOf(s.report.id)).toBe(before);
  });
});

describe("report/save relates what it embeds", () => {
  const related = async (who: Who, id: number) =>
    ((await t.call("GET", `/relations-data/get?id=${id}`, { cookie: who.cookie })).body as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);

  test("each table and chart of the project the saver sees becomes related, once; nothing else, and nothing on a refused save", async () => {
    const s = await scene();
    expect(await related(s.moderator, s.report.id)).toEqual([]);
    const refused = await save(s.member, { id: s.report.id, body: `<p>[DATA-${s.seen.id}]</p>` });
    expect(refused.status).toBe(403);
    expect(await related(s.moderator, s.report.id)).toEqual([]);
    const body = bodyOf(s.report.id)!;
    for (const round of [1, 2]) {
      const res = await save(s.moderator, { id: s.report.id, body });
      expect({ round, status: res.status }).toEqual({ round, status: 200 });
    }
    // Not the removed table, the document, the other project's table nor the id of nothing.
    expect(await related(s.moderator, s.report.id)).toEqual([s.seen.id, s.chart.id, s.hidden.id, s.hiddenChart.id].sort((a, b) => a - b));
    // The split screen of the table lists the report; a member limited to A sees only A's items related.
    expect(await related(s.moderator, s.seen.id)).toEqual([s.report.id]);
    expect(await related(s.member, s.report.id)).toEqual([s.seen.id, s.chart.id].sort((a, b) => a - b));
  });
});

describe("a removed embed takes away the relation it made, not one a user added", () => {
  const relatedAs = async (who: Who, id: number) => ((await t.call("GET", `/relations-data/get?id=${id}`, { cookie: who.cookie })).body as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const dataSave = (who: Who, s: Awaited<ReturnType<typeof scene>>, body: string) =>
    t.call("POST", "/data/save", { cookie: who.cookie, body: { id: s.report.id, dataType: "REPORT", name: s.report.name, project: { id: s.project.id }, body } });

  test("report/save and data/save both relate the embeds and unrelate the ones removed; a hand-made relation stays", async () => {
    const s = await scene();
    const otherChart = f.dataItem(s.project.id, { name: "Прогиб 2", dataType: "CHART", value: "{}" }, [s.a.id]);
    // The user relates the chart by hand first, and the other chart after the embed made that relation.
    expect((await t.call("GET", `/relations-data/add?idNode=${s.report.id}&id=${s.chart.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect((await save(s.moderator, { id: s.report.id, body: `<p>[DATA-${s.seen.id}] [DATA-${s.chart.id}] [DATA-${otherChart.id}]</p>` })).status).toBe(200);
    expect((await t.call("GET", `/relations-data/add?idNode=${s.report.id}&id=${otherChart.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect(await relatedAs(s.moderator, s.report.id)).toEqual([s.seen.id, s.chart.id, otherChart.id].sort((a, b) => a - b));

    expect((await save(s.moderator, { id: s.report.id, body: "<p>Без вставок</p>" })).status).toBe(200);
    expect(await relatedAs(s.moderator, s.report.id)).toEqual([s.chart.id, otherChart.id].sort((a, b) => a - b));
    expect(await relatedAs(s.moderator, s.seen.id)).toEqual([]);

    const viaData = await dataSave(s.moderator, s, `<p>[DATA-${s.seen.id}]</p><p>[DATA-${s.hidden.id}]</p>`);
    expect(viaData.status).toBe(200);
    expect(await relatedAs(s.moderator, s.report.id)).toEqual([s.seen.id, s.chart.id, s.hidden.id, otherChart.id].sort((a, b) => a - b));
    expect((await dataSave(s.moderator, s, `<p>[DATA-${s.hidden.id}]</p>`)).status).toBe(200);
    expect(await relatedAs(s.moderator, s.report.id)).toEqual([s.chart.id, s.hidden.id, otherChart.id].sort((a, b) => a - b));
    // A refused save relates nothing and unrelates nothing.
    expect((await dataSave(s.member, s, `<p>[DATA-${s.seen.id}]</p>`)).status).toBe(403);
    expect(await relatedAs(s.moderator, s.report.id)).toEqual([s.chart.id, s.hidden.id, otherChart.id].sort((a, b) => a - b));
  });
});

describe("report/get", () => {
  test("lists as blocks only the tables and charts of the project the reader may see", async () => {
    const s = await scene();
    const member = await t.call("GET", `/report/get/${s.report.id}`, { cookie: s.member.cookie });
    expect(member.status).toBe(200);
    expect(member.body.blocks).toEqual([{ id: s.seen.id, dataType: "TABLE" }, { id: s.chart.id, dataType: "CHART" }]);
    const moderator = await t.call("GET", `/report/get/${s.report.id}`, { cookie: s.moderator.cookie });
    expect(moderator.body.blocks.map((b: { id: number }) => b.id)).toEqual([s.seen.id, s.chart.id, s.hidden.id, s.hiddenChart.id]);
  });

  test("a member limited to other categories gets 404 for the report itself, on get and export", async () => {
    const s = await scene();
    t.db.delete(dataItems).where(eq(dataItems.id, s.report.id)).run();
    const report = f.dataItem(s.project.id, { name: "B report", dataType: "REPORT", body: "<p>b</p>" }, [s.b.id]);
    expect((await t.call("GET", `/report/get/${report.id}`, { cookie: s.member.cookie })).status).toBe(404);
    const exported = await exportAs(s.member, report.id, "pdf");
    expect(exported.status).toBe(404);
    expect(exported.json.error).toBe("data_not_found");
  });
});

describe("report/export", () => {
  test("PDF: the text, the tables as tables, Cyrillic intact, the neutral block in place of what the reader may not see", async () => {
    const s = await scene();
    const res = await exportAs(s.member, s.report.id, "pdf", { [s.chart.id]: PNG, [s.hiddenChart.id]: PNG });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("Отчёт за год.pdf")}`);
    const text = await pdfText(res.bytes);
    for (const words of ["Отчёт за год", "Годовой отчёт", "Нагрузки опор", "Узел", "Нагрузка", "Опора", "1,2346", "Пролёт", "График прогиба", "Конец отчёта"]) {
      expect(text).toContain(words);
    }
    // The hidden table, the hidden chart (whose image was sent), the removed, the document, the foreign one and the unknown id: neutral.
    expect(text.split("Данные недоступны").length - 1).toBe(6);
    for (const leaked of ["Secret", "999", "Removed", "gone", "Plain document", "Foreign", "elsewhere", "lat"]) expect(text).not.toContain(leaked);
  });

  test("DOCX: the same text, the chart as a picture, and the neutral block without the name", async () => {
    const s = await scene();
    const res = await exportAs(s.member, s.report.id, "docx", { [s.chart.id]: PNG }, "en");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(".docx");
    const text = await docxText(res.bytes);
    for (const words of ["Отчёт за год", "Годовой отчёт", "Нагрузки опор", "Опора", "1.2346", "График прогиба", "Конец отчёта"]) expect(text).toContain(words);
    expect(text.split("Data unavailable").length - 1).toBe(6);
    for (const leaked of ["Secret", "Removed", "Plain document", "Foreign"]) expect(text).not.toContain(leaked);
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(res.bytes) })).value;
    expect(html).toContain("<table>");
    expect(html.match(/<img [^>]*src="data:image\/png;base64,/g)?.length).toBe(1);
    // The activity log: who downloaded which report, linked to it.
    const logged = t.db.select().from(activityLog).where(eq(activityLog.dataId, s.report.id)).all().filter((row) => row.activityType === "DOWNLOAD");
    expect(logged.map((row) => [row.userId, row.description])).toEqual([[s.member.user.id, "REPORT Отчёт за год.docx"]]);
  });

  test("a chart without an image, or whose image the page did not send, exports as the neutral block", async () => {
    const s = await scene();
    const text = await pdfText((await exportAs(s.moderator, s.report.id, "pdf", {}, "en")).bytes);
    expect(text).not.toContain("График прогиба");
    expect(text).toContain("Secret budget"); // the moderator sees category B
  });

  test("bad images and formats are refused with 422 and nothing is written", async () => {
    const s = await scene();
    const cases: Record<string, string>[] = [
      { [s.doc.id + 1000]: PNG }, // not a placeholder of this report
      { abc: PNG },
      { [s.chart.id]: "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==" },
      { [s.chart.id]: `data:image/png;base64,${btoa("GIF89a not a png at all, just some bytes here")}` },
      { [s.chart.id]: "https://tracker.test/p.png" },
      { [s.chart.id]: `data:image/png;base64,${"A".repeat(Math.ceil(REPORT_LIMITS.imageBytes / 3) * 4 + 100)}` },
    ];
    for (const images of cases) {
      const res = await exportAs(s.member, s.report.id, "pdf", images);
      expect(res.status).toBe(422);
    }
    expect((await exportAs(s.member, s.report.id, "xlsx")).status).toBe(422);
    const bareMember = await t.call("POST", `/report/export/${s.report.id}?format=pdf`, { cookie: s.outsider.cookie, body: {} });
    expect(bareMember.status).toBe(404);
  });
});
