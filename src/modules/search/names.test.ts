import { describe, expect, test } from "bun:test";
import { articles, chatMembers, chats, issueCategories, issues } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const find = (cookie: string, query: string) => t.call("GET", `/global-search/find?${query}`, { cookie });
const ids = (list: { id: number }[]) => list.map((hit) => hit.id).sort((a, b) => a - b);

describe("global-search/find", () => {
  test("finds data, tasks, chats, articles and projects by name, in any case and script, in groups", async () => {
    const { project, member } = await f.projectScene({ name: "Мост Кандидатов" });
    const doc = f.dataItem(project.id, { name: "Отчёт КАНДИДАТА" });
    f.dataItem(project.id, { name: "Кандидат removed", isActive: false });
    f.dataItem(project.id, { name: "Unrelated" });
    const task = t.db.insert(issues).values({ projectId: project.id, name: "Позвонить кандидату", description: "" }).returning().get();
    const chat = t.db.insert(chats).values({ name: "Кандидаты 2024", type: "PRIVATE" }).returning().get();
    t.db.insert(chatMembers).values({ chatId: chat.id, userId: member.user.id }).run();
    const article = t.db.insert(articles).values({ title: "О кандидатах" }).returning().get();

    const res = await find(member.cookie, `q=${encodeURIComponent("канд")}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      abstractDataList: [{ id: doc.id, name: "Отчёт КАНДИДАТА", dataType: "DOC", project: { id: project.id, name: "Мост Кандидатов" } }],
      issues: [{ id: task.id, name: "Позвонить кандидату", project: { id: project.id, name: "Мост Кандидатов" } }],
      chats: [{ id: chat.id, name: "Кандидаты 2024", type: "PRIVATE" }],
      articles: [{ id: article.id, currentTitle: "О кандидатах" }],
      userProjects: [{ id: project.id, name: "Мост Кандидатов" }],
    });
  });

  test("every word of the query in any order, short words too, in every group; a word missing finds nothing", async () => {
    const { project, member } = await f.projectScene({ name: "Span 2 bearings works" });
    const doc = f.dataItem(project.id, { name: "Inspect the bearings on span 2" });
    f.dataItem(project.id, { name: "Bearings catalogue" });
    const task = t.db.insert(issues).values({ projectId: project.id, name: "Осмотр опорных частей, пролёт 2: bearings", description: "" }).returning().get();
    const chat = t.db.insert(chats).values({ name: "Bearings of span 2", type: "PRIVATE" }).returning().get();
    t.db.insert(chatMembers).values({ chatId: chat.id, userId: member.user.id }).run();
    const article = t.db.insert(articles).values({ title: "Span 2: replacing the bearings" }).returning().get();

    const res = await find(member.cookie, `q=${encodeURIComponent("bearings  span")}`);
    expect(ids(res.body.abstractDataList)).toEqual([doc.id]);
    expect(ids(res.body.chats)).toEqual([chat.id]);
    expect(ids(res.body.articles)).toEqual([article.id]);
    expect(ids(res.body.userProjects)).toEqual([project.id]);
    const withShort = await find(member.cookie, `q=${encodeURIComponent("2 BEARINGS span")}`);
    expect(ids(withShort.body.abstractDataList)).toEqual([doc.id]);
    const russian = await find(member.cookie, `q=${encodeURIComponent("пролёт bearings ОСМОТР")}`);
    expect(ids(russian.body.issues)).toEqual([task.id]);
    const missing = await find(member.cookie, `q=${encodeURIComponent("bearings span 7")}`);
    expect(missing.body).toMatchObject({ abstractDataList: [], issues: [], chats: [], articles: [], userProjects: [] });
  });

  test("an outsider finds nothing of a project, nor of a chat they are not in; projectId of another's project is 404", async () => {
    const { project, outsider } = await f.projectScene();
    f.dataItem(project.id, { name: "Secret plan" });
    t.db.insert(issues).values({ projectId: project.id, name: "Secret task", description: "" }).run();
    t.db.insert(chats).values({ name: "Secret chat", type: "PRIVATE" }).run();
    const res = await find(outsider.cookie, "q=secret");
    expect(res.body).toEqual({ abstractDataList: [], issues: [], chats: [], articles: [], userProjects: [] });
    expect((await find(outsider.cookie, `q=secret&projectId=${project.id}`)).status).toBe(404);
  });

  test("a member limited to a category finds only its items, and only the tasks of it or their own", async () => {
    const { project, member } = await f.projectScene();
    const given = f.category(project.id, { name: "Given" });
    const other = f.category(project.id, { name: "Other" });
    const limited = await t.userWithCookie("USER");
    const limitedMembership = f.member(limited.user.id, project.id);
    f.assignCategories(limitedMembership.id, [given.id]);
    const seen = f.dataItem(project.id, { name: "Pump seen" }, [given.id]);
    f.dataItem(project.id, { name: "Pump hidden" }, [other.id]);
    const task = (name: string, categoryId: number, reporterId: number | null = null) => {
      const row = t.db.insert(issues).values({ projectId: project.id, name, description: "", reporterId }).returning().get();
      t.db.insert(issueCategories).values({ issueId: row.id, categoryId }).run();
      return row;
    };
    const seenTask = task("Pump task seen", given.id);
    const ownTask = task("Pump task own", other.id, limited.user.id);
    task("Pump task hidden", other.id);

    const res = await find(limited.cookie, "q=pump");
    expect(ids(res.body.abstractDataList)).toEqual([seen.id]);
    expect(ids(res.body.issues)).toEqual(ids([seenTask, ownTask]));
    // An unlimited member of the same project finds all of them.
    const full = await find(member.cookie, "q=pump");
    expect(full.body.abstractDataList).toHaveLength(2);
    expect(full.body.issues).toHaveLength(3);
  });

  test("projectId narrows data, tasks and projects to that project; each group holds at most 10", async () => {
    const { project, member } = await f.projectScene({ name: "Alpha pipe" });
    const second = f.project("Beta pipe");
    f.member(member.user.id, second.id);
    for (let i = 0; i < 12; i++) f.dataItem(project.id, { name: `Pipe ${i}` });
    f.dataItem(second.id, { name: "Pipe elsewhere" });
    const all = await find(member.cookie, "q=pipe");
    expect(all.body.abstractDataList).toHaveLength(10);
    expect(all.body.userProjects).toHaveLength(2);
    const one = await find(member.cookie, `q=pipe&projectId=${second.id}`);
    expect(one.body.abstractDataList.map((hit: { name: string }) => hit.name)).toEqual(["Pipe elsewhere"]);
    expect(one.body.userProjects).toEqual([{ id: second.id, name: "Beta pipe" }]);
  });

  test("bad input: an empty query finds nothing, FTS syntax is plain text, a 10,000-character query is 422", async () => {
    const { project, member } = await f.projectScene();
    const odd = f.dataItem(project.id, { name: 'Report "draft" (v2) * NEAR -x' });
    expect((await find(member.cookie, "q=%20%20")).body.abstractDataList).toEqual([]);
    for (const q of ['"draft"', "(v2)", "*", "NEAR", "-x", '"', "%", "_"]) {
      const res = await find(member.cookie, `q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      if (q !== "%" && q !== "_") expect(ids(res.body.abstractDataList)).toEqual([odd.id]);
      else expect(res.body.abstractDataList).toEqual([]);
    }
    const long = await find(member.cookie, `q=${"a".repeat(10_000)}`);
    expect(long.status).toBe(422);
  });
});
