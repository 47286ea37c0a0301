import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, MAIL_TEMPLATE_TYPES } from "../../../db/schema";
import { en } from "../../../locales/en";
import { ru } from "../../../locales/ru";
import { es } from "../../../locales/es";
import { withMailTestApp } from "../../testing/harness";
import { MAIL_PLACEHOLDERS } from "./kinds";

const env = withMailTestApp();
const logged = (userId: number) =>
  env.t.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().filter((row) => row.activityType !== "LOGIN").map((row) => [row.activityType, row.description]);

describe("mail-template", () => {
  test("the list holds every kind, built-in text in the reader's language until one is saved, with its placeholders", async () => {
    const { cookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const list = await env.t.call("GET", "/mail-template/list", { cookie: `${cookie}; plexus_locale=ru` });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { type: string }) => m.type)).toEqual([...MAIL_TEMPLATE_TYPES]);
    const activation = list.body.find((m: { type: string }) => m.type === "USER_ACTIVATION");
    expect(activation).toMatchObject({ subject: ru["mail.USER_ACTIVATION.subject"], edited: false, disabled: false, placeholders: ["firstName", "login", "url"] });
  });

  test("save stores the HTML sanitised (scripts, handlers, javascript: links gone), the mail sent is the saved one, reset brings back the built-in", async () => {
    const { cookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const saved = await env.t.call("POST", "/mail-template/save", {
      cookie,
      body: { type: "USER_ACTIVATION", subject: "Welcome, {{firstName}}", value: '<p onclick="x()">Hi {{firstName}}<script>x()</script> <a href="{{url}}">in</a> <a href="javascript:x()">bad</a></p>', disabled: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ edited: true, subject: "Welcome, {{firstName}}", value: '<p>Hi {{firstName}} <a href="{{url}}">in</a> <a>bad</a></p>' });
    expect((await env.t.call("GET", "/mail-template/get?type=USER_ACTIVATION", { cookie })).body.value).toBe(saved.body.value);
    await env.t.ctx.mailer.send("USER_ACTIVATION", { email: "ada@example.test" }, { firstName: "Ada", url: "https://plexus.test/login" });
    const mail = await env.sink.waitFor("ada@example.test");
    expect(mail.subject).toBe("Welcome, Ada");
    expect(mail.html).toContain('<p>Hi Ada <a href="https://plexus.test/login">in</a> <a>bad</a></p>');
    const reset = await env.t.call("POST", "/mail-template/reset?type=USER_ACTIVATION", { cookie });
    expect(reset.body).toMatchObject({ edited: false, value: en["mail.USER_ACTIVATION.body"] });
  });

  test("saving a template is logged as UPDATE by the administrator, naming its kind", async () => {
    const { cookie, user } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const body = { type: "NEW_ISSUE", subject: "New", value: "<p>new</p>", disabled: false };
    expect((await env.t.call("POST", "/mail-template/save", { cookie, body })).status).toBe(200);
    expect(logged(user.id)).toEqual([["UPDATE", "mail template NEW_ISSUE"]]);
  });

  test("resetting a saved template is logged as UPDATE naming its kind; resetting one never saved logs nothing", async () => {
    const { cookie, user } = await env.t.userWithCookie("SYSTEM_ADMIN");
    expect((await env.t.call("POST", "/mail-template/save", { cookie, body: { type: "NEW_ISSUE", subject: "New", value: "<p>x</p>", disabled: false } })).status).toBe(200);
    expect((await env.t.call("POST", "/mail-template/reset?type=NEW_ISSUE", { cookie })).status).toBe(200);
    expect((await env.t.call("POST", "/mail-template/reset?type=RESET_PASSWORD", { cookie })).status).toBe(200);
    expect(logged(user.id)).toEqual([["UPDATE", "mail template NEW_ISSUE"], ["UPDATE", "mail template NEW_ISSUE back to the built-in text"]]);
  });

  test("a disabled template sends nothing, and switching it on sends again", async () => {
    const { cookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const body = { type: "NEW_ISSUE", subject: "Task {{issueName}}", value: "<p>{{issueName}}</p>", disabled: true };
    expect((await env.t.call("POST", "/mail-template/save", { cookie, body })).body.disabled).toBe(true);
    expect(await env.t.ctx.mailer.send("NEW_ISSUE", { email: "off@example.test" }, { issueName: "Pump" })).toBe(false);
    await env.t.call("POST", "/mail-template/save", { cookie, body: { ...body, disabled: false } });
    expect(await env.t.ctx.mailer.send("NEW_ISSUE", { email: "on@example.test" }, { issueName: "Pump" })).toBe(true);
    await env.sink.waitFor("on@example.test");
    expect(env.sink.mails.flatMap((m) => m.to)).not.toContain("off@example.test");
  });

  test("bad input is a 4xx and changes nothing: an unknown kind, a subject with a line break, too long a body; other roles get 403", async () => {
    const { cookie } = await env.t.userWithCookie("SYSTEM_ADMIN");
    const good = { type: "NEW_ISSUE", subject: "S", value: "<p>v</p>", disabled: false };
    for (const body of [{ ...good, type: "NOPE" }, { ...good, subject: "S\r\nBcc: x@example.test" }, { ...good, value: "x".repeat(100_001) }, { ...good, disabled: "yes" }]) {
      expect((await env.t.call("POST", "/mail-template/save", { cookie, body })).status).toBe(422);
    }
    expect((await env.t.call("GET", "/mail-template/get?type=NOPE", { cookie })).status).toBe(422);
    expect((await env.t.call("GET", "/mail-template/get?type=NEW_ISSUE", { cookie })).body.edited).toBe(false);
    for (const role of ["USER", "MODERATOR", "ADMIN"] as const) {
      const other = (await env.t.userWithCookie(role)).cookie;
      expect((await env.t.call("POST", "/mail-template/save", { cookie: other, body: good })).status).toBe(403);
      expect((await env.t.call("GET", "/mail-template/list", { cookie: other })).status).toBe(403);
    }
    expect((await env.t.call("GET", "/mail-template/get?type=NEW_ISSUE", { cookie })).body.edited).toBe(false);
  });
});

test("the built-in texts use only the placeholders the editor lists for their kind, in every language", () => {
  for (const dict of [en, ru, es] as Record<string, string>[]) {
    for (const type of MAIL_TEMPLATE_TYPES) {
      const used = `${dict[`mail.${type}.subject`]} ${dict[`mail.${type}.body`]}`.match(/\{\{(\w+)\}\}/g) ?? [];
      for (const name of used) expect(MAIL_PLACEHOLDERS[type]).toContain(name.slice(2, -2));
    }
  }
});
