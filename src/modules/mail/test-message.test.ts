import { beforeEach, describe, expect, test } from "bun:test";
import { mailTemplates } from "../../../db/schema";
import { translator } from "../../lib/i18n";
import { withTestApp } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp";

const en = translator("en");
const { t } = withTestApp();
let root: string;
beforeEach(async () => {
  root = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
});

const smtpAt = (port: number) => [
  { label: "SMTP_HOST", body: "127.0.0.1" },
  { label: "SMTP_PORT", body: String(port) },
  { label: "SMTP_SECURE", body: "false" },
  { label: "SMTP_PLAIN_ON_LOOPBACK", body: "true" },
];

describe("settings/send-test-message", () => {
  test("goes through the SMTP settings saved just before, and through new ones at the next send (no restart)", async () => {
    const first = await startSmtpSink();
    const second = await startSmtpSink();
    try {
      const off = await t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie: root });
      expect(off).toMatchObject({ status: 409, body: { error: "mail_not_configured" } });
      expect((await t.call("POST", "/settings/save-all", { cookie: root, body: smtpAt(first.port) })).status).toBe(200);
      expect(await t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie: root })).toMatchObject({ status: 200, body: { sent: true } });
      expect((await first.waitFor("ada@example.test")).subject).toBe(en("mail.TEST_MESSAGE.subject"));
      expect((await t.call("POST", "/settings/save-all", { cookie: root, body: smtpAt(second.port) })).status).toBe(200);
      expect((await t.call("POST", "/settings/send-test-message?email=boris@example.test", { cookie: root })).status).toBe(200);
      await second.waitFor("boris@example.test");
      expect(first.mails.flatMap((m) => m.to)).not.toContain("boris@example.test");
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("an empty or malformed address is refused with emptyEmail or invalidEmail and nothing is sent", async () => {
    const sink = await startSmtpSink();
    try {
      await t.call("POST", "/settings/save-all", { cookie: root, body: smtpAt(sink.port) });
      for (const [email, key] of [["", "admin.settings.emptyEmail"], ["%20%20", "admin.settings.emptyEmail"], ["not-an-address", "admin.settings.invalidEmail"], ["a@b", "admin.settings.invalidEmail"]] as const) {
        const res = await t.call("POST", `/settings/send-test-message?email=${email}`, { cookie: root });
        expect(res.status, email).toBe(422);
        expect(res.body.details[0].message).toBe(en(key));
      }
      await t.ctx.mailer.idle();
      expect(sink.mails).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });

  test("a mail server that cannot be reached is a 502 mail_send_failed, and a switched-off TEST_MESSAGE a 409", async () => {
    const gone = await startSmtpSink();
    await gone.close();
    await t.call("POST", "/settings/save-all", { cookie: root, body: smtpAt(gone.port) });
    const failed = await t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie: root });
    expect(failed).toMatchObject({ status: 502, body: { error: "mail_send_failed" } });
    t.db.insert(mailTemplates).values({ type: "TEST_MESSAGE", value: "<p>x</p>", disabled: true }).run();
    const sink = await startSmtpSink();
    try {
      await t.call("POST", "/settings/save-all", { cookie: root, body: smtpAt(sink.port) });
      expect(await t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie: root })).toMatchObject({ status: 409, body: { error: "mail_template_disabled" } });
      expect(sink.mails).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });

  test("only a SYSTEM_ADMIN may send one", async () => {
    for (const role of ["USER", "MODERATOR", "ADMIN"] as const) {
      const { cookie } = await t.userWithCookie(role);
      expect((await t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie })).status).toBe(403);
    }
  });
});
