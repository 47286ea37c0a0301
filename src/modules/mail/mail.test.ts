import { describe, expect, test } from "bun:test";
import { mailTemplates } from "../../../db/schema";
import { makeUser, testApp, withMailTestApp } from "../../testing/harness";
import { saveAllSettings } from "../settings/service";
import { mailConfigured } from "./service";

const env = withMailTestApp();

describe("mail templates", () => {
  test("a saved template is filled in and sanitised: values escaped, scripts, handlers and javascript: links gone, links and styling kept", async () => {
    env.t.db.insert(mailTemplates).values({
      type: "USER_ACTIVATION",
      subject: "Welcome {{firstName}} & co",
      value: '<p style="color:#3949ab" onclick="steal()">Hello {{firstName}}<script>steal()</script>,</p><p><a href="{{url}}">Sign in</a> <a href="javascript:steal()">or here</a></p>',
    }).run();
    const to = "ada@example.test";
    expect(await env.t.ctx.mailer.send("USER_ACTIVATION", { email: to }, { firstName: "<b>Ada</b>", url: "https://plexus.test/login" })).toBe(true);
    const mail = await env.sink.waitFor(to);
    expect(mail.subject).toBe("Welcome <b>Ada</b> & co");
    expect(mail.html).toContain('<p style="color:#3949ab">Hello &lt;b&gt;Ada&lt;/b&gt;,</p>');
    expect(mail.html).toContain('<a href="https://plexus.test/login">Sign in</a> <a>or here</a>');
    expect(mail.html).not.toMatch(/script|steal|onclick|javascript:/);
  });

  test("the built-in text in the recipient's language keeps its link", async () => {
    const to = "boris@example.test";
    await env.t.ctx.mailer.send("USER_ACTIVATION", { email: to, locale: "ru" }, { firstName: "Борис", login: "boris", url: "https://plexus.test/login" });
    const mail = await env.sink.waitFor(to);
    expect(mail.html).toContain("Борис");
    expect(mail.html).toContain('<a href="https://plexus.test/login">');
  });
});

test("mail counts as configured with an SMTP host from the environment or from the saved MAIL settings, not otherwise", async () => {
  expect(mailConfigured(env.t.db, env.t.config)).toBe(true);
  const bare = testApp();
  try {
    expect(mailConfigured(bare.db, bare.config)).toBe(false);
    expect(await bare.ctx.mailer.send("TEST_MESSAGE", { email: "x@example.test" }, {})).toBe(false);
    saveAllSettings(bare.db, await makeUser(bare.db, "SYSTEM_ADMIN"), [{ label: "SMTP_HOST", body: "mail.example.test" }]);
    expect(mailConfigured(bare.db, bare.config)).toBe(true);
  } finally {
    await bare.close();
  }
});
