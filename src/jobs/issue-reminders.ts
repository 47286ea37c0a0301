import type { AppContext } from "../lib/context";
import { isLocale } from "../lib/i18n";
import { dayOf, dueReminders, markReminded } from "../modules/issues/reminders";
import { repeatJob } from "./repeat";

/**
 * ISSUE_REMINDER mails: each performer who is active and allows e-mail gets one per task that is not
 * DONE and is due tomorrow or overdue, at most once a day per task (the day is kept on the task).
 */
export function remindPerformers(ctx: AppContext, now = new Date()): number {
  const day = dayOf(now);
  let sent = 0;
  for (const { issue, user } of dueReminders(ctx.db, now)) {
    const locale = isLocale(user.locale) ? user.locale : "en";
    const dueDate = new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(issue.dueDate!);
    ctx.mailer.queue("ISSUE_REMINDER", user, { firstName: user.firstName, issueName: issue.name, dueDate, url: `${ctx.config.publicUrl}/project/${issue.projectId}/issue/${issue.id}` });
    markReminded(ctx.db, issue.id, day);
    sent++;
  }
  return sent;
}

/** Looks every hour (a day's reminders go out in its first hour the server runs); returns a stop function. */
export const startIssueReminderJob = (ctx: AppContext, intervalMs = 60 * 60_000) => repeatJob("issue_reminders", () => remindPerformers(ctx), intervalMs);
