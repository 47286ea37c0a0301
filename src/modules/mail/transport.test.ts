import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { activityLog } from "../../../db/schema";
import { loadConfig } from "../../lib/config";
import { makeCertificates } from "../../testing/certificates";
import { withTestApp } from "../../testing/harness";
import { startSmtpSink, type SinkOptions, type SmtpSink } from "../../testing/smtp";
import { isLoopbackHost, mailTransport } from "./transport-rule";

const dir = mkdtempSync(join(tmpdir(), "plexus-mail-tls-"));
let certs: ReturnType<typeof makeCertificates>;
beforeAll(() => void (certs = makeCertificates(dir)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** This machine's first address that is not loopback: a relay there is "elsewhere" for the transport rule. */
const outsideAddress = Object.values(networkInterfaces()).flat().find((nic) => nic && nic.family === "IPv4" && !nic.internal)?.address;

const { t, restart } = withTestApp();

async function withSink(options: SinkOptions, run: (sink: SmtpSink) => Promise<void>) {
  const sink = await startSmtpSink(options);
  try {
    await run(sink);
  } finally {
    await sink.close();
  }
}

/** Saves the MAIL settings for a sink on `host` with a password, plus `extra`, as an administrator would. */
async function configure(sink: SmtpSink, extra: Record<string, string>, host = "127.0.0.1") {
  const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
  const values = { SMTP_HOST: host, SMTP_PORT: String(sink.port), SMTP_USER: "plexus", SMTP_PASSWORD: "smtp-secret", SMTP_SECURE: "false", SMTP_CA_CERTIFICATE: "", SMTP_PLAIN_ON_LOOPBACK: "false", ...extra };
  const saved = await t.call("POST", "/settings/save-all", { cookie, body: Object.entries(values).map(([label, body]) => ({ label, body })) });
  expect(saved.status).toBe(200);
  return cookie;
}

const testMail = (cookie: string) => t.call("POST", "/settings/send-test-message?email=ada@example.test", { cookie });
const mailRows = () => t.db.select().from(activityLog).where(eq(activityLog.activityType, "MAIL_SENT")).all().map((row) => row.description);

describe("SMTP with TLS from the start", () => {
  test("a self-signed certificate, one for another name, or one the system does not trust: mail_tls_failed, no password sent, nothing logged as sent", async () => {
    const cases = [
      { certificate: certs.selfSigned, ca: "" },
      { certificate: certs.wrongName, ca: certs.caCertificate },
      { certificate: certs.server, ca: "" },
      { certificate: certs.server, ca: certs.otherCaCertificate },
    ];
    for (const { certificate, ca } of cases) {
      await withSink({ certificate, implicitTls: true }, async (sink) => {
        const cookie = await configure(sink, { SMTP_SECURE: "true", SMTP_CA_CERTIFICATE: ca });
        const res = await testMail(cookie);
        expect([res.status, res.body.error]).toEqual([502, "mail_tls_failed"]);
        expect(sink.logins).toEqual([]);
        expect(sink.mails).toEqual([]);
      });
    }
    expect(mailRows()).toEqual([]);
  });

  test("with the CA that signed the server's certificate the mail goes, and the activity log says tls", async () => {
    await withSink({ certificate: certs.server, implicitTls: true }, async (sink) => {
      const cookie = await configure(sink, { SMTP_SECURE: "true", SMTP_CA_CERTIFICATE: certs.caCertificate.replace(/\n/g, " ") });
      expect((await testMail(cookie)).status).toBe(200);
      await sink.waitFor("ada@example.test");
      expect(sink.logins).toEqual(["plexus"]);
      expect(mailRows()).toEqual([`TEST_MESSAGE to ada@example.test via 127.0.0.1:${sink.port} (tls)`]);
    });
  });
});

describe("SMTP with STARTTLS", () => {
  test("an untrusted certificate after STARTTLS is mail_tls_failed and the password never goes", async () => {
    for (const [certificate, ca] of [[certs.selfSigned, ""], [certs.wrongName, certs.caCertificate]] as const) {
      await withSink({ certificate }, async (sink) => {
        const res = await testMail(await configure(sink, { SMTP_CA_CERTIFICATE: ca }));
        expect([res.status, res.body.error]).toEqual([502, "mail_tls_failed"]);
        expect(sink.logins).toEqual([]);
      });
    }
  });

  test("with the right CA the mail goes after STARTTLS, logged as starttls", async () => {
    await withSink({ certificate: certs.server }, async (sink) => {
      expect((await testMail(await configure(sink, { SMTP_CA_CERTIFICATE: certs.caCertificate }))).status).toBe(200);
      await sink.waitFor("ada@example.test");
      expect(sink.logins).toEqual(["plexus"]);
      expect(mailRows()).toEqual([`TEST_MESSAGE to ada@example.test via 127.0.0.1:${sink.port} (starttls)`]);
    });
  });

  test("a server without STARTTLS is refused with mail_starttls_missing before any AUTH, on loopback too unless plain text is allowed there", async () => {
    await withSink({}, async (sink) => {
      const refused = await testMail(await configure(sink, {}));
      expect([refused.status, refused.body.error]).toEqual([502, "mail_starttls_missing"]);
      expect(sink.logins).toEqual([]);
      expect(sink.mails).toEqual([]);

      expect((await testMail(await configure(sink, { SMTP_PLAIN_ON_LOOPBACK: "true" }))).status).toBe(200);
      await sink.waitFor("ada@example.test");
      expect(mailRows()).toEqual([`TEST_MESSAGE to ada@example.test via 127.0.0.1:${sink.port} (plain-loopback)`]);
    });
  });

  test.skipIf(!outsideAddress)("allowing plain text does nothing for a relay that is not on loopback: no password, no reset link, no activation link go", async () => {
    await withSink({ host: "0.0.0.0" }, async (sink) => {
      const cookie = await configure(sink, { SMTP_PLAIN_ON_LOOPBACK: "true" }, outsideAddress);
      const res = await testMail(cookie);
      expect([res.status, res.body.error]).toEqual([502, "mail_starttls_missing"]);
      await configure(sink, { SMTP_PLAIN_ON_LOOPBACK: "true", SMTP_USER: "", SMTP_PASSWORD: "" }, outsideAddress);
      const { user } = await t.userWithCookie();
      expect((await t.call("GET", `/reset-password/create-request?email=${encodeURIComponent(user.email)}`)).status).toBe(200);
      await t.ctx.mailer.idle();
      const activation = t.ctx.mailer.send("USER_ACTIVATION", { email: user.email }, { firstName: "Ada", login: "ada", url: "http://plexus.test/login" });
      expect(activation).rejects.toMatchObject({ code: "mail_starttls_missing" });
      await activation.catch(() => {});
      expect(sink.logins).toEqual([]);
      expect(sink.mails).toEqual([]);

      // The same relay reached on loopback, where plain text is allowed, does get the reset link.
      await configure(sink, { SMTP_PLAIN_ON_LOOPBACK: "true", SMTP_USER: "", SMTP_PASSWORD: "" });
      await t.call("GET", `/reset-password/create-request?email=${encodeURIComponent(user.email)}`);
      expect((await sink.waitFor(user.email)).html).toContain("/new-password?token=");
    });
  });
});

describe("the environment", () => {
  test("SMTP_CA_FILE and SMTP_SECURE from the environment follow the same rules; a CA file that is not a certificate stops the start", async () => {
    const caFile = join(dir, "env-ca.pem");
    writeFileSync(caFile, certs.caCertificate);
    await withSink({ certificate: certs.server, implicitTls: true }, async (sink) => {
      const env = { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_SECURE: "true", SMTP_PASSWORD: "x", SMTP_USER: "env" };
      await restart(env);
      await expect(t.ctx.mailer.send("TEST_MESSAGE", { email: "ada@example.test" }, {})).rejects.toMatchObject({ code: "mail_tls_failed" });
      await restart({ ...env, SMTP_CA_FILE: caFile });
      expect(await t.ctx.mailer.send("TEST_MESSAGE", { email: "ada@example.test" }, {})).toBe(true);
      expect(sink.logins).toEqual(["env"]);
    });
    writeFileSync(caFile, "not a certificate");
    expect(() => loadConfig({ SMTP_CA_FILE: caFile })).toThrow(/SMTP_CA_FILE/);
    expect(() => loadConfig({ SMTP_CA_FILE: join(dir, "missing.pem") })).toThrow(/SMTP_CA_FILE/);
  });
});

test("a CA certificate that is not PEM, or PEM that does not parse, is refused on save with the setting named", async () => {
  const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
  for (const body of ["hello", "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----"]) {
    const res = await t.call("POST", "/settings/save-all", { cookie, body: [{ label: "SMTP_CA_CERTIFICATE", body }, { label: "SMTP_SECURE", body: "true" }] });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(["body.SMTP_CA_CERTIFICATE"]);
  }
  const kept = await t.call("POST", "/settings/save-all", { cookie, body: [{ label: "SMTP_CA_CERTIFICATE", body: certs.caCertificate }] });
  expect(kept.status).toBe(200);
});

test("the transport rule: TLS when asked, plain only to loopback with the switch on, STARTTLS otherwise", () => {
  for (const host of ["localhost", "LOCALHOST.", "127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"]) expect(isLoopbackHost(host), host).toBe(true);
  for (const host of ["128.0.0.1", "127.0.0.256", "localhost.example.test", "mail.example.test", "10.0.0.1", "::2", "0.0.0.0"]) expect(isLoopbackHost(host), host).toBe(false);
  expect(mailTransport({ host: "127.0.0.1", secure: true, plainOnLoopback: true })).toBe("tls");
  expect(mailTransport({ host: "127.0.0.1", secure: false, plainOnLoopback: true })).toBe("plain-loopback");
  expect(mailTransport({ host: "127.0.0.1", secure: false, plainOnLoopback: false })).toBe("starttls");
  expect(mailTransport({ host: "mail.example.test", secure: false, plainOnLoopback: true })).toBe("starttls");
});
