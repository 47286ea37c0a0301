import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Db } from "../../../db/client";
import { caCertificates, isCertificateProblem } from "../../lib/certificates";
import type { Config } from "../../lib/config";
import { AppError } from "../../lib/errors";
import { settingValues } from "../settings/service";
import { mailTransport, type MailTransport } from "./transport-rule";

export interface SmtpSettings {
  host?: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** The PEM CA certificate(s) the server's certificate must chain to, as saved; empty: the system's trusted CAs. */
  caCertificate: string;
  plainOnLoopback: boolean;
}

const LABELS = ["SMTP_HOST", "SMTP_PORT", "SMTP_SECURE", "SMTP_USER", "SMTP_PASSWORD", "SMTP_FROM", "SMTP_CA_CERTIFICATE", "SMTP_PLAIN_ON_LOOPBACK"];

/** The environment overrides the MAIL settings an administrator saved. */
export function smtpSettings(db: Db, config: Config): SmtpSettings {
  const saved = settingValues(db, LABELS);
  const env = config.smtp;
  return {
    host: env.host ?? (saved.SMTP_HOST || undefined),
    port: env.port ?? (Number(saved.SMTP_PORT) || 587),
    secure: env.secure ?? saved.SMTP_SECURE === "true",
    user: env.user ?? (saved.SMTP_USER || undefined),
    password: env.password ?? (saved.SMTP_PASSWORD || undefined),
    from: env.from ?? (saved.SMTP_FROM || "Plexus <plexus@localhost>"),
    caCertificate: env.caCertificate ?? saved.SMTP_CA_CERTIFICATE ?? "",
    plainOnLoopback: env.plainOnLoopback ?? saved.SMTP_PLAIN_ON_LOOPBACK === "true",
  };
}

/**
 * nodemailer's options for `smtp`: the server's certificate is always verified (name and chain, against the
 * configured CA when one is set), STARTTLS is required unless the connection is TLS from the start, and
 * plain text happens only on loopback when an administrator allowed it (then nodemailer does not even try
 * STARTTLS, so the transport is the one the page announces).
 */
export function transportOptions(smtp: SmtpSettings & { host: string }): { transport: MailTransport; options: SMTPTransport.Options } {
  const transport = mailTransport({ host: smtp.host, secure: smtp.secure, plainOnLoopback: smtp.plainOnLoopback });
  const ca = smtp.caCertificate ? caCertificates(smtp.caCertificate) : null;
  if (smtp.caCertificate && !ca && transport !== "plain-loopback") {
    throw new AppError(502, "mail_tls_failed", "The CA certificate in the MAIL settings is not a valid PEM certificate");
  }
  return {
    transport,
    options: {
      host: smtp.host,
      port: smtp.port,
      secure: transport === "tls",
      requireTLS: transport === "starttls",
      ignoreTLS: transport === "plain-loopback",
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
      tls: { rejectUnauthorized: true, ...(ca ? { ca: [ca] } : {}) },
      // A wrong host in the settings fails a test mail within seconds, not nodemailer's two minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
  };
}

/** What a failed send tells the administrator: an untrusted certificate, a server without STARTTLS, or the server's own refusal. */
export function deliveryError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { code?: string; command?: string; message?: string };
  const reason = [{ path: "smtp", message: String(failure.message ?? error) }];
  if (isCertificateProblem(error)) {
    return new AppError(502, "mail_tls_failed", "The mail server's certificate is not trusted or not issued for its name", reason);
  }
  if (failure.code === "ETLS" && failure.command === "STARTTLS") {
    return new AppError(502, "mail_starttls_missing", "The mail server does not offer STARTTLS, so nothing was sent", reason);
  }
  if (failure.code === "ETLS") return new AppError(502, "mail_tls_failed", "No TLS connection to the mail server could be made", reason);
  return new AppError(502, "mail_send_failed", "The mail server did not accept the mail", reason);
}
