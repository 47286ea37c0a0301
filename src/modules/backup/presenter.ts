import { t } from "elysia";
import { DATE_PATTERN } from "./names";

export const backupSchema = t.Object({ date: t.String(), size: t.Number() });
export const typeSchema = t.Object({ type: t.String() });
export const madeSchema = t.Object({ date: t.String(), size: t.Number(), uploaded: t.Boolean() });
export const restoredSchema = t.Object({ restartNeeded: t.Boolean() });
export const dateSchema = t.Object({ date: t.String() });
/** The body of restore-by-date and delete-by-date: the backup's date as the list shows it. */
export const dateBody = t.Object({ date: t.String({ pattern: DATE_PATTERN, maxLength: 19 }) });

export type PresentedBackup = typeof backupSchema.static;
export type PresentedMade = typeof madeSchema.static;
export type PresentedRestored = typeof restoredSchema.static;
