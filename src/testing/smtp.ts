import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  html: string;
}

export interface SinkOptions {
  /** The certificate and key the sink presents; without one it speaks plain text only and offers no STARTTLS. */
  certificate?: { cert: string; key: string };
  /** With a certificate: TLS from the start (port 465 style) instead of offering STARTTLS. */
  implicitTls?: boolean;
  /** The address to listen on (127.0.0.1 unless said). */
  host?: string;
}

/**
 * A real SMTP server that keeps what it receives, for tests of the mails Plexus sends. It offers AUTH even
 * over plain text and records every login it is sent (`logins`), so a test can tell a password never left.
 */
export async function startSmtpSink({ certificate, implicitTls = false, host = "127.0.0.1" }: SinkOptions = {}) {
  const mails: ReceivedMail[] = [];
  const logins: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    secure: Boolean(certificate && implicitTls),
    ...(certificate ?? {}),
    disabledCommands: certificate ? [] : ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? "");
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject: decodeSubject(raw), html: decodeBody(raw) });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  // A client that refuses the sink's certificate hangs up mid-handshake; that is the test's point, not a crash.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    mails,
    logins,
    /** Waits until a mail to `address` arrives (or fails after `timeoutMs`). */
    async waitFor(address: string, predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 4000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(address) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fromQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "binary").toString("utf8");

function decodeSubject(raw: string): string {
  const line = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? "";
  return line
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=\s?/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : fromQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeBody(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/^(\r?\n)+/, "");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return fromQuotedPrintable(body.replace(/=\r?\n/g, ""));
  if (/Content-Transfer-Encoding: base64/i.test(raw)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The environment that points Plexus's mailer at a plain sink on loopback (which needs plain text allowed there). */
export const smtpEnv = (sink: SmtpSink) => ({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_SECURE: "false", SMTP_PLAIN_ON_LOOPBACK: "true" });
