import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { MAIL_TEMPLATE_TYPES, mailTemplates, type MailTemplateType, type User } from "../../../db/schema";
import { invalid } from "../../lib/errors";
import { translator, type Locale } from "../../lib/i18n";
import { cleanHtml } from "../../lib/clean-html";
import type { JobOptions } from "../../lib/untrusted-worker";
import { audit } from "../audit/service";
import { MAIL_PLACEHOLDERS } from "./kinds";

/**
 * A template as the editor shows it: the administrator's saved row, else the built-in text in the reader's
 * language (`edited` false). Saved templates go to every recipient whatever their language.
 */
export function mailTemplate(db: Db, type: MailTemplateType, locale: Locale) {
  const saved = db.select().from(mailTemplates).where(eq(mailTemplates.type, type)).get();
  const t = translator(locale);
  return {
    type,
    subject: saved ? saved.subject || t(`mail.${type}.subject`) : t(`mail.${type}.subject`),
    value: saved?.value ?? t(`mail.${type}.body`),
    disabled: saved?.disabled ?? false,
    edited: Boolean(saved),
    placeholders: [...MAIL_PLACEHOLDERS[type]],
  };
}

/** Every kind in the order of MAIL_TEMPLATE_TYPES, for the editor's list. */
export const mailTemplateList = (db: Db, locale: Locale) => MAIL_TEMPLATE_TYPES.map((type) => mailTemplate(db, type, locale));

/**
 * Saves a kind's subject, HTML and switch. The HTML is stored sanitised with the `mail` setting (what the mailer
 * applies again after filling the values in), so the editor shows what will be sent; the subject is one line.
 */
export async function saveMailTemplate(db: Db, actor: User, input: { type: MailTemplateType; subject: string; value: string; disabled: boolean }, locale: Locale, options: JobOptions = {}) {
  const subject = input.subject.trim();
  if (/\p{Cc}/u.test(subject)) throw invalid([{ path: "body.subject", message: "validation.controlCharacters", code: "validation.controlCharacters" }]);
  const row = { subject, value: await cleanHtml(input.value, "mail", "body.value", options), disabled: input.disabled };
  db.transaction((tx) => {
    tx.insert(mailTemplates).values({ type: input.type, ...row }).onConflictDoUpdate({ target: mailTemplates.type, set: row }).run();
    audit(tx, actor.id, "UPDATE", `mail template ${input.type}`);
  });
  return mailTemplate(db, input.type, locale);
}

/** Forgets the administrator's text: the built-in one, in each recipient's language, is sent again (logged when there was one). */
export function resetMailTemplate(db: Db, actor: User, type: MailTemplateType, locale: Locale) {
  db.transaction((tx) => {
    const removed = tx.delete(mailTemplates).where(eq(mailTemplates.type, type)).returning({ type: mailTemplates.type }).all();
    if (removed.length) audit(tx, actor.id, "UPDATE", `mail template ${type} back to the built-in text`);
  });
  return mailTemplate(db, type, locale);
}
