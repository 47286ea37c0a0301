import type { LogRow } from "./log";
import type { LogSubject } from "./subjects";

/**
 * A log row as the spec names it: userEntity and abstractData, each null when gone (dataName then names the item);
 * `subject` is the task or article the description names, linked while it exists.
 */
export const presentLogRow = (row: LogRow, subject: LogSubject | null = null) => ({
  id: row.id,
  activityType: row.activityType,
  description: row.description,
  date: row.date,
  userEntity: row.user,
  abstractData: row.data,
  dataName: row.dataName,
  subject,
});
export type PresentedLogRow = ReturnType<typeof presentLogRow>;
