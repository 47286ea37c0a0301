import { and, eq, isNotNull, lt, ne, or, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { issues, users, type Issue, type User } from "../../../db/schema";

// ISSUE_REMINDER: once a day, performers who allow mail hear of their tasks that are due tomorrow or
// overdue and not DONE. Days are the server's local days.

/** A day as YYYY-MM-DD in the server's time zone. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The tasks whose performer is due a reminder today, with the performer: not DONE, due before the day after tomorrow begins, not reminded today. */
export function dueReminders(db: Db, now: Date): { issue: Issue; user: User }[] {
  const dayAfterTomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2);
  return db
    .select({ issue: issues, user: users })
    .from(issues)
    .innerJoin(users, eq(users.id, issues.performerId))
    .where(
      and(
        ne(issues.status, "DONE"),
        isNotNull(issues.dueDate),
        lt(issues.dueDate, dayAfterTomorrow),
        or(isNull(issues.remindedOn), ne(issues.remindedOn, dayOf(now))),
        eq(users.isActive, true),
        eq(users.emailNotificationsAllowed, true),
      ),
    )
    .all();
}

/** Notes that the task's performer was reminded on `day`. */
export function markReminded(db: Db, issueId: number, day: string) {
  db.update(issues).set({ remindedOn: day }).where(eq(issues.id, issueId)).run();
}
