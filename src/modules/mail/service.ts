import nodemailer, { type Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailTemplates, type MailTemplateType } from "../../../db/schema";
import type { Config } from "../../lib/config";
import { isLocale, translator, type Locale } from "../../lib/i18n";
import { fillPlaceholders } from "../../lib/placeholders";
import { sanitize } from "../../lib/sanitize";
import { log } from "../../lib/log";
import { audit } from "../audit/service";
import { deliveryError, smtpSettings, transportOptions, type SmtpSettings } from "./transport";
import type { MailTransport } from "./transport-rule";

interface Recipient {
  email: string;
  locale?: string | null;
}

export interface Mailer {
  /** Renders the template for the recipient's language and sends it; resolves false when mail is not configured. */
  send(type: MailTemplateType, to: Recipient, vars: Record<string, string>): Promise<boolean>;
  /** Sends without waiting; failures go to the log, never to the user's request. */
  queue(type: MailTemplateType, to: Recipient, vars: Record<string, string>): void;
  /** Resolves once every queued mail has been tried (tests and shutdown). */
  idle(): Promise<void>;
}

/**
 * Whether Plexus can send mail at all (an SMTP host from the environment or the MAIL settings): without
 * it, pages say what happens instead of promising mails, and administrators see that mail is off.
 */
export const mailConfigured = (db: Db, config: Config) => Boolean(smtpSettings(db, config).host);

/**
 * Template HTML from an administrator's saved row, else the built-in text in the recipient's language,
 * with its values filled in and the result sanitised (a saved template is HTML someone wrote).
 */
function renderMail(db: Db, type: MailTemplateType, locale: Locale, vars: Record<string, string>) {
  const saved = db.select().from(mailTemplates).where(eq(mailTemplates.type, type)).get();
  if (saved?.disabled) return null;
  const t = translator(locale);
  const subject = saved?.subject || t(`mail.${type}.subject`);
  const body = saved?.value || t(`mail.${type}.body`);
  // The subject is plain text, so its values go in unescaped; in the body they are HTML-escaped.
  return { subject: fillPlaceholders(subject, vars), html: sanitize(fillPlaceholders(body, vars, escapeHtml), "mail") };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

export function createMailer(db: Db, config: Config): Mailer {
  let transport: { key: string; kind: MailTransport; transporter: Transporter } | undefined;
  const pending = new Set<Promise<unknown>>();

  const transporterFor = (smtp: SmtpSettings & { host: string }) => {
    const key = JSON.stringify(smtp);
    if (transport?.key !== key) {
      transport?.transporter.close();
      const { transport: kind, options } = transportOptions(smtp);
      transport = { key, kind, transporter: nodemailer.createTransport(options) };
    }
    return transport;
  };

  const send: Mailer["send"] = async (type, to, vars) => {
    const smtp = smtpSettings(db, config);
    if (!smtp.host) {
      log.info("mail.skipped", { type, reason: "no SMTP host configured" });
      return false;
    }
    const mail = renderMail(db, type, isLocale(to.locale) ? to.locale : "en", vars);
    if (!mail) return false;
    const server = `${smtp.host}:${smtp.port}`;
    const { kind, transporter } = transporterFor({ ...smtp, host: smtp.host });
    try {
      await transporter.sendMail({ from: smtp.from, to: to.email, subject: mail.subject, html: mail.html });
    } catch (error) {
      log.warn("mail.refused", { type, server, transport: kind, error: String(error) });
      throw deliveryError(error);
    }
    // The activity log keeps which transport carried each mail (tls, starttls or plain-loopback).
    audit(db, null, "MAIL_SENT", `${type} to ${to.email} via ${server} (${kind})`);
    return true;
  };

  return {
    send,
    queue(type, to, vars) {
      const job = send(type, to, vars)
        .catch((error) => log.error("mail.failed", { type, error: String(error) }))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
