import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { articles, articleVersions, issueCategories, issues } from "../../../db/schema";
import { makeDocx } from "../../lib/sample-documents";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { russianReportDocx } from "../docs/russian-docx";
import { FULLTEXT_LIMITS } from "./limits";

const { t, f } = withTestApp();

const find = (cookie: string, ...words: string[]) => t.call("GET", `/full-text-search/find?${words.map((w) => `q=${encodeURIComponent(w)}`).join("&")}`, { cookie });

/** Uploads DOCX files (named `name`.docx) through the docs API and saves them as documents of `projectId`; answers their ids. */
async function saveDocuments(cookie: string, projectId: number, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], `${file.name}.docx`));
  const staged = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  const body = (await staged.json()) as { path: string }[];
  const saved = await t.call("POST", `/docs/save-all/${projectId}`, { cookie, body: body.map((s, i) => ({ path: s.path, name: files[i]!.name, provider: "Lab" })) });
  expect(saved.status).toBe(200);
  return (saved.body as { id: number }[]).map((d) => d.id);
}

const article = async (cookie: string, title: string, content: string) => {
  const res = await t.call("POST", "/article/save", { cookie, body: { title, content } });
  expect(res.status).toBe(200);
  return res.body.id as number;
};

describe("full-text-search/find", () => {
  test("a Russian word form inside a DOCX is found by another form, with that form highlighted, and the hit links to the document's newest version", async () => {
    const { project, moderator, member } = await f.projectScene({ name: "Мост" });
    const [docId] = await saveDocuments(moderator.cookie, project.id, [{ name: "Отчёт", bytes: await russianReportDocx() }]);
    const res = await find(member.cookie, "устройство");
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(1);
    const [hit] = res.body.content;
    expect(hit).toMatchObject({ type: "DOC", id: docId, name: "Отчёт", project: { id: project.id, name: "Мост" }, version: { id: expect.any(Number), name: expect.any(String) } });
    expect(hit.snippet).toContain("подготовлен для <mark>устройства</mark> связи");
    // Every word must be there: a second word absent from the text finds nothing.
    expect((await find(member.cookie, "устройство", "вертолёт")).body.totalElements).toBe(0);
    expect((await find(member.cookie, "годового", "отчёта")).body.content.map((h: { id: number }) => h.id)).toEqual([docId]);
  }, 30_000);

  test("a Spanish plural finds the singular in a wiki article (current version only), and the snippet is escaped text", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const id = await article(admin.cookie, "Guía", "<p>La casa &lt;b&gt; tiene un jardín.</p>");
    const reader = await t.userWithCookie("USER");
    const res = await find(reader.cookie, "casas");
    expect(res.body).toEqual({ content: [{ type: "ARTICLE", id, name: "Guía", project: null, version: null, snippet: "Guía La <mark>casa</mark> &lt;b&gt; tiene un jardín." }], totalElements: 1 });
    expect((await t.call("POST", `/article/add-new-version/${id}`, { cookie: admin.cookie, body: { title: "Guía", content: "<p>Un huerto.</p>" } })).status).toBe(200);
    expect((await find(reader.cookie, "casas")).body.totalElements).toBe(0);
    expect((await find(reader.cookie, "huertos")).body.content[0].id).toBe(id);
  });

  test("a verb form finds the noun it comes from, and back: inspected finds inspection, проверки проверку, inspeccionado inspección", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const reader = await t.userWithCookie("USER");
    const en = await article(admin.cookie, "Pier", "<p>The annual inspection of the pier.</p>");
    const ru = await article(admin.cookie, "Мост", "<p>Проверку опор моста закончили.</p>");
    const es = await article(admin.cookie, "Puente", "<p>La inspección del puente.</p>");
    const ids = async (...q: string[]) => (await find(reader.cookie, ...q)).body.content.map((h: { id: number }) => h.id).sort((a: number, b: number) => a - b);
    for (const q of ["inspected", "inspecting", "inspects", "inspections"]) expect(await ids(q)).toEqual([en]);
    expect(await ids("national")).toEqual([]);
    for (const q of ["проверки", "проверка", "опора", "мостами"]) expect(await ids(q)).toEqual([ru]);
    for (const q of ["inspeccionado", "inspecciones", "puentes"]) expect(await ids(q)).toEqual([es]);
    const nation = await article(admin.cookie, "Nation", "<p>A national survey.</p>");
    expect(await ids("nations")).toEqual([nation]);
  });

  test("a member limited to a category finds neither hidden documents nor hidden tasks; an outsider finds none of the project", async () => {
    const { project, moderator, outsider } = await f.projectScene();
    const given = f.category(project.id, { name: "Given" });
    const other = f.category(project.id, { name: "Other" });
    const limited = await t.userWithCookie("USER");
    f.assignCategories(f.member(limited.user.id, project.id).id, [given.id]);
    const [seenDoc, hiddenDoc] = await saveDocuments(moderator.cookie, project.id, [
      { name: "Seen", bytes: await makeDocx("Seen", [{ heading: "Pump", paragraphs: ["The turbine pumps water."] }]) },
      { name: "Hidden", bytes: await makeDocx("Hidden", [{ heading: "Pump", paragraphs: ["The turbine is secret."] }]) },
    ]);
    t.db.run(sql`insert into data_categories (data_id, category_id) values (${seenDoc}, ${given.id}), (${hiddenDoc}, ${other.id})`);
    const task = (name: string, categoryId: number, reporterId: number | null = null) => {
      const row = t.db.insert(issues).values({ projectId: project.id, name, description: "", descriptionHtml: "<p>Check the turbine</p>", reporterId }).returning().get();
      t.db.insert(issueCategories).values({ issueId: row.id, categoryId }).run();
      return row.id;
    };
    const seenTask = task("Seen task", given.id);
    const ownTask = task("Own task", other.id, limited.user.id);
    task("Hidden task", other.id);
    const hits = (await find(limited.cookie, "turbines")).body;
    expect(hits.content.map((h: { type: string; id: number }) => `${h.type}${h.id}`).sort()).toEqual([`DOC${seenDoc}`, `ISSUE${ownTask}`, `ISSUE${seenTask}`].sort());
    expect(hits.totalElements).toBe(3);
    expect((await find(moderator.cookie, "turbines")).body.totalElements).toBe(5);
    expect((await find(outsider.cookie, "turbines")).body).toEqual({ content: [], totalElements: 0 });
  });

  test("a task is found by words of its name and its description in one query, in any order; a rename is found at once", async () => {
    const { project, member } = await f.projectScene();
    const { id } = t.db.insert(issues).values({ projectId: project.id, name: "Inspect the bearings", description: "", descriptionHtml: "<p>On span 2, after the flood.</p>" }).returning().get();
    const ids = async (...words: string[]) => ((await find(member.cookie, ...words)).body.content as { type: string; id: number }[]).map((h) => `${h.type}${h.id}`);
    expect(await ids("span bearings")).toEqual([`ISSUE${id}`]);
    expect(await ids("flood inspecting")).toEqual([`ISSUE${id}`]);
    t.db.update(issues).set({ name: "Replace the expansion joint" }).where(sql`${issues.id} = ${id}`).run();
    expect(await ids("joint span")).toEqual([`ISSUE${id}`]);
    expect(await ids("bearings span")).toEqual([]);
  });

  test("FTS syntax in the query is text: quotes, asterisks, NEAR, parentheses and a lone minus never fail", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const id = await article(admin.cookie, "Near", "<p>NEAR the river (north) stands a mill.</p>");
    for (const q of [['"mill'], ["mill*"], ["NEAR(mill", "river)"], ["-"], ["AND"], ["OR", "NOT"], ['"', "*", "(", ")"], ["mill", "-river"], ["^mill"], ["{stems}:mill"]]) {
      const res = await find(admin.cookie, ...q);
      expect(res.status).toBe(200);
    }
    expect((await find(admin.cookie, "NEAR(mill", "river)")).body.content[0].id).toBe(id);
    expect((await find(admin.cookie, "-")).body).toEqual({ content: [], totalElements: 0 });
  });

  test("more than 20 words or 10,000 characters is a 422; pages of 20 with the total", async () => {
    const user = await t.userWithCookie("USER");
    expect((await find(user.cookie, ...Array.from({ length: 21 }, (_, i) => `w${i}`))).status).toBe(422);
    expect((await find(user.cookie, "a b c d e f g h i j k l m n o p q r s t u")).status).toBe(422);
    expect((await find(user.cookie, "x".repeat(10_001))).status).toBe(422);
    expect((await t.call("GET", "/full-text-search/find?q=a&page=-1", { cookie: user.cookie })).status).toBe(422);
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    for (let i = 0; i < 25; i++) await article(admin.cookie, `A${i}`, `<p>bridge ${i}</p>`);
    const first = (await t.call("GET", "/full-text-search/find?q=bridges&page=0", { cookie: user.cookie })).body;
    const second = (await t.call("GET", "/full-text-search/find?q=bridges&page=1", { cookie: user.cookie })).body;
    expect([first.content.length, first.totalElements, second.content.length, second.totalElements]).toEqual([20, 25, 5, 25]);
    expect(new Set([...first.content, ...second.content].map((h: { id: number }) => h.id)).size).toBe(25);
    expect((await t.call("GET", "/full-text-search/find?q=bridges&page=9", { cookie: user.cookie })).body).toEqual({ content: [], totalElements: 25 });
  });
});

describe("full-text-search/find: stop words and the ranked cap", () => {
  test("stop words are neither indexed nor required: a query of only stop words finds nothing, and one beside a word finds by that word", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const id = await article(admin.cookie, "Ríos", "<p>The bridge over the river и мост de la casa.</p>");
    expect((await find(admin.cookie, "the", "bridges")).body.content.map((h: { id: number }) => h.id)).toEqual([id]);
    for (const q of [["the"], ["The", "of"], ["и"], ["de", "la"]]) expect((await find(admin.cookie, ...q)).body).toEqual({ content: [], totalElements: 0 });
    const stems = t.db.all<{ stems: string }>(sql`select stems from fulltext_index where rowid = ${id * 4 + 1}`)[0]!.stems.split(" ");
    expect(stems).toContain("bridg");
    for (const stop of ["the", "и", "de", "la"]) expect(stems).not.toContain(stop);
    expect((await find(admin.cookie, "de", "la", "casas")).body.totalElements).toBe(1);
    // Stop words still count against the limit of words.
    expect((await find(admin.cookie, ...Array.from({ length: 21 }, () => "the"))).status).toBe(422);
  });

  test("when more texts match than are ranked, the newest are ranked by bm25: the total says the cap, and the pages neither overlap nor change", async () => {
    const reader = await t.userWithCookie("USER");
    const cap = FULLTEXT_LIMITS.ranked;
    // cap + 10 articles holding the word; the newest few hold it three times and so rank first. Written
    // in two goes, each brought into the index by the next search in the foreground.
    for (const [from, to] of [[0, cap], [cap, cap + 10]] as const) {
      t.db.transaction((tx) => {
        for (let i = from; i < to; i++) {
          const row = tx.insert(articles).values({ title: `A${i}` }).returning().get();
          tx.insert(articleVersions).values({ articleId: row.id, version: 1, title: row.title, content: i >= cap + 5 ? "<p>pump pump pump here</p>" : `<p>a pump number ${i}</p>` }).run();
        }
      });
      await find(reader.cookie, "warm");
    }
    const ids = t.db.all<{ id: number }>(sql`select id from articles order by id`).map((a) => a.id);
    const pageOf = async (page: number) => (await t.call("GET", `/full-text-search/find?q=pumps&page=${page}`, { cookie: reader.cookie })).body;
    const first = await pageOf(0);
    expect(first.totalElements).toBe(cap);
    expect(first.content.slice(0, 5).map((h: { id: number }) => h.id).sort((a: number, b: number) => a - b)).toEqual(ids.slice(-5));
    const seen: number[] = [];
    for (let page = 0; page < cap / FULLTEXT_LIMITS.pageSize; page++) {
      const { content, totalElements } = await pageOf(page);
      expect([content.length, totalElements]).toEqual([FULLTEXT_LIMITS.pageSize, cap]);
      seen.push(...content.map((h: { id: number }) => h.id));
    }
    expect(new Set(seen).size).toBe(cap);
    expect([...seen].sort((a, b) => a - b)).toEqual(ids.slice(10));
    expect(await pageOf(3)).toEqual(await pageOf(3));
    expect(await pageOf(cap / FULLTEXT_LIMITS.pageSize)).toEqual({ content: [], totalElements: cap });
    // A word only an old text holds is still found: the cap bounds how many are ranked, not which are searched.
    t.db.insert(articleVersions).values({ articleId: ids[0]!, version: 2, title: "A0", content: "<p>a pump and a turbine</p>" }).run();
    t.db.run(sql`update articles set version = 2 where id = ${ids[0]!}`);
    expect((await find(reader.cookie, "turbines")).body.content.map((h: { id: number }) => h.id)).toEqual([ids[0]]);
  }, 60_000);
});

describe("full-text-search/reindex", () => {
  test("a SYSTEM_ADMIN rebuilds the index in the background and reads its progress; others get 403", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const user = await t.userWithCookie("USER");
    const id = await article(admin.cookie, "Pier", "<p>Corrosion on the pier.</p>");
    expect((await find(user.cookie, "corroded")).body.totalElements).toBe(0);
    // A text changed behind the index's back (no trigger on this column) and a stale row: a rebuild puts both right.
    t.db.run(sql`update fulltext_index set stems = 'stale', body = 'stale' where rowid = ${id * 4 + 1}`);
    t.db.run(sql`insert into fulltext_index(rowid, stems, body) values (${999 * 4 + 1}, 'ghost', 'ghost')`);
    expect((await find(user.cookie, "ghost")).body.totalElements).toBe(0);
    expect((await t.call("POST", "/full-text-search/reindex", { cookie: user.cookie })).status).toBe(403);
    expect((await t.call("GET", "/full-text-search/reindex-status", { cookie: user.cookie })).status).toBe(403);
    const started = await t.call("POST", "/full-text-search/reindex", { cookie: admin.cookie });
    expect(started.body).toMatchObject({ state: "RUNNING", total: 2 });
    let status = started.body;
    // Polled as the update page does, a moment apart: the rebuild writes between the polls.
    while (status.state === "RUNNING") {
      await Bun.sleep(10);
      status = (await t.call("GET", "/full-text-search/reindex-status", { cookie: admin.cookie })).body;
    }
    expect(status).toEqual({ state: "DONE", done: 2, total: 2 });
    expect((await find(user.cookie, "corrosion")).body.content.map((h: { id: number }) => h.id)).toEqual([id]);
    expect(t.db.all<{ n: number }>(sql`select count(*) as n from fulltext_index`)[0]!.n).toBe(1);
  });

  test("after a rebuild the index is one b-tree, not one per transaction that wrote it, and finds as before", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    // Each search brings one article in: a transaction, and so a b-tree (segment) of the index, each.
    for (let i = 0; i < 40; i++) {
      const row = t.db.insert(articles).values({ title: `Bridge ${i}` }).returning().get();
      t.db.insert(articleVersions).values({ articleId: row.id, version: 1, title: row.title, content: `<p>inspection ${i}</p>` }).run();
      await find(admin.cookie, "warm");
    }
    const segments = () => t.db.all<{ n: number }>(sql`select count(distinct segid) as n from fulltext_index_idx`)[0]!.n;
    expect(segments()).toBeGreaterThan(1);
    await t.call("POST", "/full-text-search/reindex", { cookie: admin.cookie });
    while ((await t.call("GET", "/full-text-search/reindex-status", { cookie: admin.cookie })).body.state === "RUNNING") await Bun.sleep(10);
    expect(segments()).toBe(1);
    expect((await find(admin.cookie, "inspections")).body.totalElements).toBe(40);
  });
});
