import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { issues } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

type Person = { user: { id: number }; cookie: string };

async function scene() {
  const s = await f.projectScene();
  const tpl = await t.call("POST", "/issue-template/save", {
    cookie: s.moderator.cookie,
    body: {
      name: "Pour",
      project: { id: s.project.id },
      fields: [
        { name: "Site", type: "STRING", required: true },
        { name: "Grade", type: "LIST", options: "C25, C30" },
        { name: "Volume", type: "NUMBER" },
        { name: "Checked", type: "BOOLEAN" },
        { name: "Inspector", type: "USER" },
      ],
    },
  });
  const made = await t.call("POST", "/issue/save", {
    cookie: s.member.cookie,
    body: { name: "Pour slab 3", project: { id: s.project.id }, template: { id: tpl.body.id }, additionalFields: { Site: "North", Grade: "C25", Volume: 12.5 } },
  });
  expect(made.status).toBe(200);
  return { ...s, issue: made.body, template: tpl.body };
}

const edit = (who: Person, id: number, name: string, value: unknown, locale = "en") =>
  t.call("POST", `/issue/update-field?id=${id}`, { cookie: `${who.cookie}; plexus_locale=${locale}`, body: { name, value } });

const stored = (id: number) => JSON.parse(t.db.select().from(issues).where(eq(issues.id, id)).get()!.additionalFields ?? "null");

async function historyOf(who: Person, chatId: number) {
  const res = await t.call("GET", `/chat-records/get-messages?chatId=${chatId}`, { cookie: who.cookie });
  return (res.body as { messageKey: string; decryptedBody: string }[]).filter((m) => m.messageKey === "ISSUE_HISTORY").map((m) => JSON.parse(m.decryptedBody));
}

describe("editing one template value after creation", () => {
  test("a value changes, the others stay, and the history line records from what to what", async () => {
    const s = await scene();
    const res = await edit(s.member, s.issue.id, "Grade", "C30");
    expect(res.status).toBe(200);
    expect(res.body.additionalFields).toEqual({ Site: "North", Grade: "C30", Volume: 12.5 });
    const lines = await historyOf(s.member, s.issue.chat.id);
    expect(lines.at(-1)).toEqual({ event: "fieldChanged", field: "Grade", type: "LIST", from: "C25", to: "C30" });
    // A number typed as the reader writes it, and a value cleared.
    expect((await edit(s.member, s.issue.id, "Volume", "14,75", "ru")).body.additionalFields.Volume).toBe(14.75);
    expect((await edit(s.member, s.issue.id, "Grade", null)).body.additionalFields).toEqual({ Site: "North", Volume: 14.75 });
    expect((await historyOf(s.member, s.issue.chat.id)).at(-1)).toMatchObject({ event: "fieldChanged", field: "Grade", from: "C30", to: null });
    // The same value again is no change and posts no line.
    const count = (await historyOf(s.member, s.issue.chat.id)).length;
    expect((await edit(s.member, s.issue.id, "Site", "North")).status).toBe(200);
    expect((await historyOf(s.member, s.issue.chat.id)).length).toBe(count);
  });

  test("the checks of creation apply, each refusal names the field, and a refused edit changes nothing", async () => {
    const s = await scene();
    const before = stored(s.issue.id);
    const refusals: [string, unknown, string][] = [
      ["Site", "", "issue.fieldRequired"],
      ["Grade", "C40", "issue.fieldType.LIST"],
      ["Volume", "twelve", "common.number.not_a_number"],
      ["Checked", "yes", "issue.fieldType.BOOLEAN"],
      ["Inspector", s.outsider.user.id, "issue.notMember"],
      ["Colour", "red", "issue.unknownField"],
    ];
    for (const [name, value, code] of refusals) {
      const res = await edit(s.member, s.issue.id, name, value);
      expect(res.status).toBe(422);
      expect(res.body.details).toContainEqual(expect.objectContaining({ path: `body.additionalFields.${name}`, code }));
    }
    expect(stored(s.issue.id)).toEqual(before);
    expect((await edit(s.member, s.issue.id, "Inspector", s.moderator.user.id)).body.additionalFields.Inspector).toBe(s.moderator.user.id);
  });

  test("who may edit: the reporter, the performer and moderators; others are refused as for any change", async () => {
    const s = await scene();
    const other = await t.userWithCookie("USER");
    f.member(other.user.id, s.project.id);
    expect((await edit(other, s.issue.id, "Grade", "C30")).status).toBe(403);
    expect((await edit(s.outsider, s.issue.id, "Grade", "C30")).status).toBe(404);
    expect((await edit(s.moderator, s.issue.id, "Grade", "C30")).status).toBe(200);
    const plain = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "No template", project: { id: s.project.id } } });
    const none = await edit(s.member, plain.body.id, "Grade", "C30");
    expect(none.status).toBe(422);
    expect(none.body.details[0].code).toBe("issue.noTemplate");
  });
});

describe("filtering the list by a template value", () => {
  test("text contains, LIST and numbers match, booleans match true or false; an unknown criterion is refused", async () => {
    const s = await scene();
    const second = await t.call("POST", "/issue/save", {
      cookie: s.member.cookie,
      body: { name: "Pour wall", project: { id: s.project.id }, template: { id: s.template.id }, additionalFields: { Site: "Южный берег", Grade: "C30", Volume: 3, Checked: true } },
    });
    const find = async (name: string, value: string, locale = "en") => {
      const res = await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: `${s.member.cookie}; plexus_locale=${locale}`, body: { criteria: [{ name, value }] } });
      expect(res.status).toBe(200);
      return res.body.content.map((i: { id: number }) => i.id);
    };
    expect(await find("field:Site", "nort")).toEqual([s.issue.id]);
    expect(await find("field:Site", "ЮЖН")).toEqual([second.body.id]);
    expect(await find("field:Grade", "C30")).toEqual([second.body.id]);
    expect(await find("field:Volume", "12,5", "ru")).toEqual([s.issue.id]);
    expect(await find("field:Checked", "true")).toEqual([second.body.id]);
    expect(await find("field:Checked", "false")).toEqual([]);
    expect(await find("field:Site", "")).toHaveLength(2);
    const bad = await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, { cookie: s.member.cookie, body: { criteria: [{ name: "colour", value: "x" }] } });
    expect(bad.status).toBe(422);
  });
});
