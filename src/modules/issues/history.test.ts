import { describe, expect, test } from "bun:test";
import { withTestApp } from "../../testing/harness";

// History lines carry what changed from what to what, with people and categories named as they were.

const { t, f } = withTestApp();

type Person = { user: { id: number; firstName: string; lastName: string }; cookie: string };
const who = (p: Person) => ({ id: p.user.id, fullName: `${p.user.firstName} ${p.user.lastName}` });

async function history(p: Person, chatId: number) {
  const res = await t.call("GET", `/chat-records/get-messages?chatId=${chatId}`, { cookie: p.cookie });
  return (res.body as { messageKey: string; decryptedBody: string; authorID: number }[])
    .filter((m) => m.messageKey === "ISSUE_HISTORY")
    .map((m) => ({ by: m.authorID, ...JSON.parse(m.decryptedBody) }));
}

describe("history lines from → to", () => {
  test("due date, reassignment, categories, template and each custom field name their old and new values and the author", async () => {
    const s = await f.projectScene();
    const other = await t.userWithCookie("USER");
    f.member(other.user.id, s.project.id);
    const pumps = f.category(s.project.id, { name: "Pumps" });
    const valves = f.category(s.project.id, { name: "Valves" });
    const sys = await t.userWithCookie("SYSTEM_ADMIN");
    const fields = [
      { name: "Depth", type: "NUMBER" },
      { name: "Visit", type: "DATE" },
      { name: "Inspector", type: "USER" },
      { name: "Safe", type: "BOOLEAN" },
    ];
    const template = (await t.call("POST", "/issue-template/save", { cookie: sys.cookie, body: { name: "Inspection", fields } })).body;
    const as = { cookie: s.moderator.cookie };
    const created = await t.call("POST", "/issue/save", {
      ...as,
      body: { name: "Span 2", project: { id: s.project.id }, performer: { id: s.member.user.id }, dueDate: Date.UTC(2026, 10, 25), categoryList: [{ id: pumps.id }] },
    });
    expect(created.status).toBe(200);
    const issue = created.body;
    await t.call("POST", `/issue/update-due-date?id=${issue.id}&date=${Date.UTC(2026, 11, 15)}`, as);
    await t.call("POST", `/issue/assignee?id=${issue.id}&userId=${other.user.id}`, as);
    await t.call("POST", `/issue/update-category-list?id=${issue.id}&value=${valves.id},${pumps.id}`, as);
    await t.call("POST", "/issue/update", { ...as, body: { id: issue.id, template: { id: template.id }, additionalFields: { Depth: 18.5, Inspector: s.member.user.id } } });
    const changed = await t.call("POST", "/issue/update", {
      ...as,
      body: { id: issue.id, additionalFields: { Depth: "31,5", Visit: "2026-12-01", Inspector: other.user.id, Safe: true } },
      headers: { "accept-language": "ru" },
    });
    expect(changed.status).toBe(200);
    await t.call("POST", `/issue/update-due-date?id=${issue.id}`, as);

    const by = s.moderator.user.id;
    expect((await history(s.member, issue.chat.id)).slice(1)).toEqual([
      { by, event: "assigned", performer: who(s.member) },
      { by, event: "dueDateChanged", from: Date.UTC(2026, 10, 25), to: Date.UTC(2026, 11, 15) },
      { by, event: "assigned", performer: who(other), previous: who(s.member) },
      { by, event: "categoriesChanged", from: ["Pumps"], to: ["Pumps", "Valves"] },
      { by, event: "templateChanged", from: null, to: "Inspection" },
      { by, event: "fieldChanged", field: "Depth", type: "NUMBER", from: null, to: 18.5 },
      { by, event: "fieldChanged", field: "Inspector", type: "USER", from: null, to: who(s.member) },
      { by, event: "fieldChanged", field: "Depth", type: "NUMBER", from: 18.5, to: 31.5 },
      { by, event: "fieldChanged", field: "Visit", type: "DATE", from: null, to: Date.UTC(2026, 11, 1) },
      { by, event: "fieldChanged", field: "Inspector", type: "USER", from: who(s.member), to: who(other) },
      { by, event: "fieldChanged", field: "Safe", type: "BOOLEAN", from: null, to: true },
      { by, event: "dueDateChanged", from: Date.UTC(2026, 11, 15), to: null },
    ]);
  });

  test("a refused change writes no line", async () => {
    const s = await f.projectScene();
    const issue = (await t.call("POST", "/issue/save", { cookie: s.moderator.cookie, body: { name: "Span 3", project: { id: s.project.id } } })).body;
    const before = await history(s.moderator, issue.chat.id);
    expect((await t.call("POST", `/issue/update-due-date?id=${issue.id}&date=soon`, { cookie: s.moderator.cookie })).status).toBe(422);
    expect((await t.call("POST", `/issue/assignee?id=${issue.id}&userId=${s.outsider.user.id}`, { cookie: s.moderator.cookie })).status).toBe(422);
    expect(await history(s.moderator, issue.chat.id)).toEqual(before);
  });
});
