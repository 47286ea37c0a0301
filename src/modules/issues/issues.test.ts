import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chats, issues, userProjects } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

type Person = { user: { id: number; firstName: string; lastName: string }; cookie: string };

const blocks = (...list: unknown[]) => JSON.stringify({ time: 1, blocks: list, version: "2.28.2" });
const paragraph = (text: string) => ({ id: "p1", type: "paragraph", data: { text } });

async function create(who: Person, projectId: number, body: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/issue/save", { cookie: who.cookie, body: { name: "Fix the pump", project: { id: projectId }, ...body } });
  if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The task's chat as a member reads it: history lines as { event, ... }. */
async function history(who: Person, chatId: number) {
  const res = await t.call("GET", `/chat-records/get-messages?chatId=${chatId}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return (res.body as { messageKey: string; decryptedBody: string }[]).filter((m) => m.messageKey === "ISSUE_HISTORY").map((m) => JSON.parse(m.decryptedBody));
}

const row = (id: number) => t.db.select().from(issues).where(eq(issues.id, id)).get()!;

describe("a task's life", () => {
  test("any member creates a task: reporter, OPEN, an empty description of version 2.17.0, its ISSUE chat and the taskCreated line", async () => {
    const s = await f.projectScene();
    const issue = await create(s.member, s.project.id);
    expect(issue).toMatchObject({ name: "Fix the pump", status: "OPEN", statusId: 1, reporter: { id: s.member.user.id }, performer: null, project: { id: s.project.id }, canEdit: true, canRemove: false });
    expect(JSON.parse(issue.description)).toMatchObject({ blocks: [], version: "2.17.0" });
    const chat = t.db.select().from(chats).where(eq(chats.id, issue.chat.id)).get()!;
    expect(chat).toMatchObject({ type: "ISSUE", issueId: issue.id, description: "Fix the pump" });
    expect(await history(s.member, issue.chat.id)).toEqual([{ event: "taskCreated", task: "Fix the pump" }]);
    expect((await t.call("GET", `/issue/get-by-chat?chatId=${issue.chat.id}`, { cookie: s.moderator.cookie })).body.id).toBe(issue.id);
    // Nobody outside the project learns it exists; an administrator who is no member reads it.
    expect((await t.call("GET", `/issue/get?id=${issue.id}`, { cookie: s.outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/issue/get-by-chat?chatId=${issue.chat.id}`, { cookie: s.outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/issue/get?id=${issue.id}`, { cookie: s.admin.cookie })).body).toMatchObject({ id: issue.id, canEdit: true, canRemove: true });
    expect((await t.call("POST", "/issue/save", { cookie: s.outsider.cookie, body: { name: "x", project: { id: s.project.id } } })).status).toBe(404);
  });

  test("the description is checked Editor.js data, rendered to sanitised HTML beside it", async () => {
    const s = await f.projectScene();
    const description = blocks(
      { type: "header", data: { text: "Plan", level: 2 } },
      paragraph('Check <b>valve</b> &amp; <a href="https://example.test/">the manual</a>'),
      { type: "list", data: { style: "ordered", items: [{ content: "one", items: [{ content: "one.a", items: [] }] }, { content: "two", items: [] }] } },
      { type: "checklist", data: { items: [{ text: "done", checked: true }] } },
      { type: "code", data: { code: "<script>x</script>" } },
      { type: "table", data: { withHeadings: true, content: [["a", "b"], ["1", "2"]] } },
      { type: "delimiter", data: {} },
    );
    const issue = await create(s.member, s.project.id, { description });
    expect(issue.descriptionHtml).toBe(
      '<h2>Plan</h2><p>Check <b>valve</b> &amp; <a href="https://example.test/">the manual</a></p><ol><li>one<ol><li>one.a</li></ol></li><li>two</li></ol><ul><li>☑ done</li></ul><pre><code>&lt;script&gt;x&lt;/script&gt;</code></pre><table><tbody><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></tbody></table><hr />',
    );
    expect(JSON.parse(issue.description).version).toBe("2.28.2");
  });

  test("reporter, performer and moderators edit; other members read; moderators remove, and the chat goes with the task", async () => {
    const s = await f.projectScene();
    const other = await t.userWithCookie("USER");
    f.member(other.user.id, s.project.id);
    const issue = await create(s.member, s.project.id);
    const rename = (who: Person, value: string) => t.call("POST", `/issue/update-name?id=${issue.id}&value=${encodeURIComponent(value)}`, { cookie: who.cookie });
    expect((await rename(other, "Mine")).status).toBe(403);
    expect((await t.call("GET", `/issue/get?id=${issue.id}`, { cookie: other.cookie })).body).toMatchObject({ canEdit: false, canRemove: false });
    expect((await rename(s.member, "Fix the pump today")).body.name).toBe("Fix the pump today");
    expect((await t.call("POST", `/issue/assignee?id=${issue.id}&userId=${other.user.id}`, { cookie: s.moderator.cookie })).body.performer.id).toBe(other.user.id);
    expect((await rename(other, "Pump fixed")).status).toBe(200);
    expect((await t.call("POST", `/issue/remove?id=${issue.id}`, { cookie: s.member.cookie })).status).toBe(403);
    expect((await t.call("POST", `/issue/remove?id=${issue.id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await t.call("POST", `/issue/remove?id=${issue.id}`, { cookie: s.moderator.cookie })).body).toEqual({ id: issue.id });
    expect((await t.call("GET", `/issue/get?id=${issue.id}`, { cookie: s.moderator.cookie })).status).toBe(404);
    expect(t.db.select().from(chats).where(eq(chats.id, issue.chat.id)).get()).toBeUndefined();
  });

  test("every change posts its history line; a call that changes nothing posts none", async () => {
    const s = await f.projectScene();
    const cat = f.category(s.project.id, { name: "Pumps" });
    const issue = await create(s.member, s.project.id, { performer: { id: s.moderator.user.id } });
    const as = { cookie: s.member.cookie };
    await t.call("POST", `/issue/change-status?id=${issue.id}&status=IN_PROGRESS`, as);
    await t.call("POST", `/issue/change-status?id=${issue.id}&status=3`, as);
    await t.call("POST", `/issue/change-status?id=${issue.id}&status=DONE`, as); // the same again: nothing
    await t.call("POST", `/issue/update-name?id=${issue.id}&value=Pump`, as);
    await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, description: blocks(paragraph("Now")) } });
    await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, description: blocks(paragraph("Now")) } }); // same blocks, new save time
    await t.call("POST", `/issue/update-category-list?id=${issue.id}&value=${cat.id}`, as);
    await t.call("POST", `/issue/update-due-date?id=${issue.id}&date=${Date.UTC(2030, 0, 2)}`, as);
    await t.call("POST", `/issue/assignee?id=${issue.id}`, as);
    const who = (p: Person) => ({ id: p.user.id, fullName: `${p.user.firstName} ${p.user.lastName}` });
    expect(await history(s.member, issue.chat.id)).toEqual([
      { event: "taskCreated", task: "Fix the pump" },
      { event: "assigned", performer: who(s.moderator) },
      { event: "statusChanged", from: "OPEN", to: "IN_PROGRESS" },
      { event: "statusChanged", from: "IN_PROGRESS", to: "DONE" },
      { event: "nameChanged", from: "Fix the pump", to: "Pump" },
      { event: "descriptionChanged" },
      { event: "categoriesChanged", from: [], to: ["Pumps"] },
      { event: "dueDateChanged", from: null, to: Date.UTC(2030, 0, 2) },
      { event: "unassigned", performer: who(s.moderator) },
    ]);
    const saved = row(issue.id);
    expect(saved).toMatchObject({ status: "DONE", name: "Pump", performerId: null });
    expect(saved.dueDate!.getTime()).toBe(Date.UTC(2030, 0, 2));
    expect(t.db.select().from(chats).where(eq(chats.id, issue.chat.id)).get()!.description).toBe("Pump");
  });

  test("the performer joins the chat; a member who leaves the project stops performing, with a history line", async () => {
    const s = await f.projectScene();
    const issue = await create(s.moderator, s.project.id, { performer: { id: s.member.user.id } });
    expect((await t.call("GET", "/chats/get-all", { cookie: s.member.cookie })).body.some((c: { id: number }) => c.id === issue.chat.id)).toBe(true);
    const membership = t.db.select().from(userProjects).where(eq(userProjects.userId, s.member.user.id)).get()!;
    expect((await t.call("POST", `/project/remove-user-project?id=${membership.id}`, { cookie: s.admin.cookie })).status).toBe(200);
    expect(row(issue.id).performerId).toBeNull();
    expect((await history(s.moderator, issue.chat.id)).at(-1)).toMatchObject({ event: "unassigned", performer: { id: s.member.user.id } });
    expect((await t.call("GET", `/chat-records/get-messages?chatId=${issue.chat.id}`, { cookie: s.member.cookie })).status).toBe(404);
  });

  test("the project details carry the reader's own open tasks and the counts by status; removing the project removes tasks and chats", async () => {
    const s = await f.projectScene();
    const mine = await create(s.moderator, s.project.id, { name: "Mine", performer: { id: s.member.user.id }, dueDate: Date.UTC(2031, 0, 1) });
    await create(s.moderator, s.project.id, { name: "Done", performer: { id: s.member.user.id }, status: "DONE" });
    await create(s.moderator, s.project.id, { name: "Theirs", status: "BACKLOG" });
    const details = (await t.call("GET", `/project/get-project-details?id=${s.project.id}`, { cookie: s.member.cookie })).body;
    expect(details.shortListOfUserTasks.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    expect(details.numberOfIssuesByStatus).toEqual({ BACKLOG: 1, OPEN: 1, IN_PROGRESS: 0, DONE: 1 });
    expect((await t.call("GET", `/project/remove?id=${s.project.id}`, { cookie: s.admin.cookie })).status).toBe(200);
    expect(t.db.select().from(issues).all()).toEqual([]);
    expect(t.db.select().from(chats).where(eq(chats.type, "ISSUE")).all()).toEqual([]);
  });
});

describe("bad input: a clear 4xx and nothing changed", () => {
  test("statuses outside the four, performers who are not members, due dates that are not dates", async () => {
    const s = await f.projectScene();
    const stranger = await t.userWithCookie("USER");
    const issue = await create(s.member, s.project.id);
    const before = row(issue.id);
    const as = { cookie: s.member.cookie, headers: { "accept-language": "ru" } };
    for (const status of ["WAITING", "4", "-1", "open", "1.5"]) {
      const res = await t.call("POST", `/issue/change-status?id=${issue.id}&status=${status}`, as);
      expect(res.status).toBe(422);
      expect(res.body.details[0]).toMatchObject({ path: "query.status", code: "issue.unknownStatus" });
    }
    expect((await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, status: 9 } })).status).toBe(422);
    const notMember = await t.call("POST", `/issue/assignee?id=${issue.id}&userId=${stranger.user.id}`, as);
    expect(notMember.status).toBe(422);
    expect(notMember.body.details[0].message).toBe("Выберите участника проекта");
    expect((await t.call("POST", `/issue/assignee?id=${issue.id}&userId=99999`, as)).status).toBe(422);
    for (const date of ["tomorrow", "2024-13-45", "1e3", "99999999999999999"]) {
      const res = await t.call("POST", `/issue/update-due-date?id=${issue.id}&date=${date}`, as);
      expect(res.status).toBe(422);
      expect(res.body.details[0].code).toBe("issue.badDate");
    }
    expect((await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, dueDate: "next week" } })).status).toBe(422);
    expect((await t.call("POST", "/issue/save", { ...as, body: { name: "  ", project: { id: s.project.id } } })).body.details[0].code).toBe("issue.nameRequired");
    expect((await t.call("POST", `/issue/update-category-list?id=${issue.id}&value=1,x`, as)).status).toBe(422);
    const otherProject = f.project("Other");
    expect((await t.call("POST", `/issue/update-category-list?id=${issue.id}&value=${f.category(otherProject.id).id}`, as)).status).toBe(422);
    expect((await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, project: { id: otherProject.id } } })).status).toBe(422);
    expect((await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, coordinates: { type: "Point", coordinates: [200, 10] } } })).status).toBe(422);
    expect((await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, map: { id: f.dataItem(s.project.id, { dataType: "DOC" }).id } } })).status).toBe(422);
    expect(row(issue.id)).toEqual(before);
    expect(await history(s.member, issue.chat.id)).toHaveLength(1);
  });

  test("descriptions that are not Editor.js data, unknown blocks, and HTML with scripts or handlers: 422, nothing stored", async () => {
    const s = await f.projectScene();
    const issue = await create(s.member, s.project.id, { description: blocks(paragraph("Safe")) });
    const before = row(issue.id);
    const bad = [
      ["hello", "issue.notEditorData"],
      ["[1,2]", "issue.notEditorData"],
      [JSON.stringify({ foo: 1 }), "issue.notEditorData"],
      [blocks({ type: "raw", data: { html: "<b>x</b>" } }), "issue.unknownBlock"],
      [blocks(paragraph("<script>alert(1)</script>")), "issue.unsafeHtml"],
      [blocks(paragraph('<img src="x" onerror="alert(1)">')), "issue.unsafeHtml"],
      [blocks(paragraph('<b onclick="steal()">b</b>')), "issue.unsafeHtml"],
      [blocks(paragraph('<a href="javascript:alert(1)">x</a>')), "issue.unsafeHtml"],
      [blocks({ type: "list", data: { style: "unordered", items: ['<svg onload="x()">'] } }), "issue.unsafeHtml"],
      [blocks({ type: "table", data: { content: [["<iframe src=//evil.test>"]] } }), "issue.unsafeHtml"],
    ] as const;
    for (const [description, code] of bad) {
      const res = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id: issue.id, description } });
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { code: string }) => d.code)).toContain(code);
    }
    const header = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id: issue.id, description: blocks({ type: "header", data: { text: "x", level: 9 } }) } });
    expect(header.status).toBe(422);
    expect(row(issue.id)).toEqual(before);
    expect((await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id }, description: blocks(paragraph("<script>x</script>")) } })).status).toBe(422);
    expect(t.db.select().from(issues).all()).toHaveLength(1);
    expect(t.db.select().from(issues).all().some((i) => /script|onerror|onclick|javascript/i.test(i.descriptionHtml + i.description))).toBe(false);
  });
});

describe("templates", () => {
  async function template(cookie: string) {
    const res = await t.call("POST", "/issue-template/save", {
      cookie,
      body: {
        name: "Inspection",
        icon: "mdiClipboard",
        fields: [
          { name: "Site", type: "STRING", required: true },
          { name: "Safe", type: "BOOLEAN" },
          { name: "Visit", type: "DATE" },
          { name: "Level", type: "LIST", options: "low, medium ,high," },
          { name: "Depth", type: "NUMBER" },
          { name: "Inspector", type: "USER" },
        ],
      },
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  test("system administrators manage templates, everyone reads them; names and LIST options are checked", async () => {
    const sys = await t.userWithCookie("SYSTEM_ADMIN");
    const user = await t.userWithCookie("USER");
    const tpl = await template(sys.cookie);
    expect(tpl.fields[3]).toEqual({ name: "Level", type: "LIST", required: false, options: "low, medium, high" });
    expect((await t.call("GET", "/issue-template/get-all", { cookie: user.cookie })).body).toEqual([tpl]);
    const bad = await t.call("POST", "/issue-template/save", { cookie: sys.cookie, body: { name: " ", fields: [{ name: "A", type: "LIST" }, { name: "a", type: "STRING" }, { name: "B", type: "COLOR" }] } });
    expect(bad.status).toBe(422);
    const codes = await t.call("POST", "/issue-template/save", { cookie: sys.cookie, body: { name: " ", fields: [{ name: "A", type: "LIST" }, { name: "a", type: "STRING" }] } });
    expect(codes.body.details.map((d: { code: string }) => d.code)).toEqual(["issue.templateNameRequired", "issue.listOptionsRequired", "issue.fieldNameTaken"]);
    expect((await t.call("POST", "/issue-template/save", { cookie: (await t.userWithCookie("ADMIN")).cookie, body: { name: "x", fields: [] } })).status).toBe(403);
    expect((await t.call("POST", `/issue-template/delete?id=${tpl.id}`, { cookie: sys.cookie })).body).toEqual({ id: tpl.id });
    expect((await t.call("POST", `/issue-template/delete?id=${tpl.id}`, { cookie: sys.cookie })).status).toBe(404);
  });

  test("a task from a template: required fields, types, LIST options and USER members are checked on the server", async () => {
    const s = await f.projectScene();
    const sys = await t.userWithCookie("SYSTEM_ADMIN");
    const stranger = await t.userWithCookie("USER");
    const tpl = await template(sys.cookie);
    const save = (additionalFields: unknown) => t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "Inspect", project: { id: s.project.id }, template: { id: tpl.id }, additionalFields } });
    const refused = async (values: unknown, code: string) => {
      const res = await save(values);
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { code: string }) => d.code)).toContain(code);
    };
    await refused({}, "issue.fieldRequired");
    await refused({ Site: "  " }, "issue.fieldRequired");
    await refused({ Site: 5 }, "issue.fieldType.STRING");
    await refused({ Site: "A", Safe: "yes" }, "issue.fieldType.BOOLEAN");
    await refused({ Site: "A", Visit: "soon" }, "issue.fieldType.DATE");
    await refused({ Site: "A", Level: "extreme" }, "issue.fieldType.LIST");
    await refused({ Site: "A", Depth: "deep" }, "common.number.not_a_number");
    await refused({ Site: "A", Depth: true }, "issue.fieldType.NUMBER");
    await refused({ Site: "A", Inspector: stranger.user.id }, "issue.notMember");
    await refused({ Site: "A", Colour: "red" }, "issue.unknownField");
    expect((await save("{not json")).body.details[0].path).toBe("body.additionalFields");
    expect(t.db.select().from(issues).all()).toEqual([]);
    const ok = await save({ Site: "North pier", Safe: false, Visit: "2030-05-01", Level: "medium", Depth: 4.5, Inspector: s.moderator.user.id });
    expect(ok.status).toBe(200);
    expect(ok.body.additionalFields).toEqual({ Site: "North pier", Safe: false, Visit: Date.UTC(2030, 4, 1), Level: "medium", Depth: 4.5, Inspector: s.moderator.user.id });
    expect(ok.body.template).toMatchObject({ id: tpl.id, name: "Inspection" });
    const update = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id: ok.body.id, additionalFields: { Site: "" } } });
    expect(update.status).toBe(422);
    const withoutTemplate = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id }, additionalFields: { Site: "A" } } });
    expect(withoutTemplate.body.details[0].code).toBe("issue.noTemplate");
  });

  test("a NUMBER field given as text is read as the caller's locale writes it; what is no number is a 422 naming the field", async () => {
    const s = await f.projectScene();
    const tpl = await template((await t.userWithCookie("SYSTEM_ADMIN")).cookie);
    const save = (locale: string, Depth: string) =>
      t.call("POST", "/issue/save", { cookie: `${s.member.cookie}; plexus_locale=${locale}`, body: { name: "Inspect", project: { id: s.project.id }, template: { id: tpl.id }, additionalFields: { Site: "A", Depth } } });
    for (const [locale, text, problem] of [["es", "1.234", "ambiguous"], ["en", "0,35", "misplaced_group"], ["ru", "12345678901234567890", "too_precise"]]) {
      const res = await save(locale, text);
      expect(res.status, text).toBe(422);
      expect(res.body.details).toEqual([expect.objectContaining({ path: "body.additionalFields.Depth", code: `common.number.${problem}` })]);
    }
    expect(t.db.select().from(issues).all()).toEqual([]);
    expect((await save("ru", "0,35")).body.additionalFields.Depth).toBe(0.35);
    expect((await save("es", "1.234,5")).body.additionalFields.Depth).toBe(1234.5);
    expect((await save("ru", "1 234,5")).body.additionalFields.Depth).toBe(1234.5);
  });
});

describe("lists", () => {
  test("filters by name, categories, performer and status; sorts by creation date and name; default newest id first; pages of 10", async () => {
    const s = await f.projectScene();
    const pumps = f.category(s.project.id, { name: "Pumps" });
    const roads = f.category(s.project.id, { name: "Roads" });
    const made = [];
    for (let i = 0; i < 25; i++) {
      made.push(
        await create(s.moderator, s.project.id, {
          name: `${i % 2 ? "Pump" : "Road"} ${String(i).padStart(2, "0")}`,
          status: i % 4,
          performer: i % 3 === 0 ? { id: s.member.user.id } : null,
          categoryList: [{ id: i % 2 ? pumps.id : roads.id }],
        }),
      );
    }
    const page = (body: Record<string, unknown>) => t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: s.member.cookie, body });
    const ids = (res: { body: { content: { id: number }[] } }) => res.body.content.map((i) => i.id);
    const first = await page({ page: 0, rowsPerPage: 10 });
    expect(first.body.totalElements).toBe(25);
    expect(ids(first)).toEqual(made.slice(15).reverse().map((i) => i.id));
    expect(ids(await page({ page: 2, rowsPerPage: 10 }))).toEqual(made.slice(0, 5).reverse().map((i) => i.id));
    expect((await page({ page: 3 })).body).toEqual({ content: [], totalElements: 25 });
    const byName = await page({ sortBy: "name", desc: false, criteria: [{ name: "name", value: "pump" }] });
    expect(byName.body.totalElements).toBe(12);
    expect(byName.body.content[0].name).toBe("Pump 01");
    expect((await page({ sortBy: "name", desc: true })).body.content[0].name).toBe("Road 24");
    expect(ids(await page({ sortBy: "creationDate", desc: false }))[0]).toBe(made[0].id);
    const filtered = await page({ criteria: [{ name: "status", value: "DONE" }, { name: "performer", value: s.member.user.id }, { name: "categories", value: `${pumps.id},${roads.id}` }] });
    expect(filtered.body.content.map((i: { name: string }) => i.name).sort()).toEqual(["Pump 03", "Pump 15"]);
    expect((await page({ criteria: [{ name: "status", value: 0 }, { name: "categories", value: roads.id }] })).body.totalElements).toBe(7);
    expect((await page({ criteria: [{ name: "name", value: "" }, { name: "status", value: null }] })).body.totalElements).toBe(25);
    expect((await page({ criteria: [{ name: "colour", value: "red" }] })).status).toBe(422);
    expect((await page({ criteria: [{ name: "status", value: "LATE" }] })).status).toBe(422);
    expect((await page({ sortBy: "colour" })).status).toBe(422);
    expect((await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: s.outsider.cookie, body: {} })).status).toBe(404);
  });

  test("a member limited to categories sees the tasks in them and those they report or perform, nothing else", async () => {
    const s = await f.projectScene();
    const pumps = f.category(s.project.id, { name: "Pumps" });
    const roads = f.category(s.project.id, { name: "Roads" });
    const membership = t.db.select().from(userProjects).where(eq(userProjects.userId, s.member.user.id)).get()!;
    f.assignCategories(membership.id, [pumps.id]);
    const inPumps = await create(s.moderator, s.project.id, { name: "In pumps", categoryList: [{ id: pumps.id }, { id: roads.id }] });
    const inRoads = await create(s.moderator, s.project.id, { name: "In roads", categoryList: [{ id: roads.id }] });
    const none = await create(s.moderator, s.project.id, { name: "No category" });
    const performs = await create(s.moderator, s.project.id, { name: "Performs", categoryList: [{ id: roads.id }], performer: { id: s.member.user.id } });
    const own = await create(s.member, s.project.id, { name: "Own" });
    const list = await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: s.member.cookie, body: {} });
    expect(list.body.content.map((i: { name: string }) => i.name)).toEqual(["Own", "Performs", "In pumps"]);
    expect(list.body.content.find((i: { id: number }) => i.id === inPumps.id).categoryList.map((c: { name: string }) => c.name)).toEqual(["Pumps"]);
    for (const hidden of [inRoads, none]) {
      expect((await t.call("GET", `/issue/get?id=${hidden.id}`, { cookie: s.member.cookie })).status).toBe(404);
      expect((await t.call("GET", `/chat-records/get-messages?chatId=${hidden.chat.id}`, { cookie: s.member.cookie })).status).toBe(404);
    }
    expect((await t.call("GET", `/issue/get?id=${performs.id}`, { cookie: s.member.cookie })).status).toBe(200);
    expect((await t.call("GET", `/issue/get?id=${own.id}`, { cookie: s.member.cookie })).status).toBe(200);
    expect((await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: s.member.cookie, body: { criteria: [{ name: "categories", value: roads.id }] } })).body.totalElements).toBe(0);
    // Categories they are not given are as unknown to them when they make a task.
    expect((await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id }, categoryList: [{ id: roads.id }] } })).status).toBe(422);
    const details = (await t.call("GET", `/project/get-project-details?id=${s.project.id}`, { cookie: s.member.cookie })).body;
    expect(details.numberOfIssuesByStatus.OPEN).toBe(3);
  });

  test("tasks by map: a map's tasks, empty until maps place them; not a map is 404", async () => {
    const s = await f.projectScene();
    const map = f.dataItem(s.project.id, { dataType: "MAP", name: "Site map" });
    const doc = f.dataItem(s.project.id, { dataType: "DOC" });
    const placed = await create(s.member, s.project.id, { map: { id: map.id }, coordinates: JSON.stringify({ type: "Point", coordinates: [37.6, 55.7] }) });
    await create(s.member, s.project.id);
    const res = await t.call("GET", `/issue/get-issues-by-map?mapId=${map.id}`, { cookie: s.member.cookie });
    expect(res.body).toEqual([{ id: placed.id, name: "Fix the pump", status: "OPEN", coordinates: '{"type":"Point","coordinates":[37.6,55.7]}', reporter: { id: s.member.user.id, firstName: s.member.user.firstName, lastName: s.member.user.lastName }, project: { id: s.project.id } }]);
    expect((await t.call("GET", `/issue/get-issues-by-map?mapId=${doc.id}`, { cookie: s.member.cookie })).status).toBe(404);
    expect((await t.call("GET", `/issue/get-issues-by-map?mapId=${map.id}`, { cookie: s.outsider.cookie })).status).toBe(404);
  });
});
