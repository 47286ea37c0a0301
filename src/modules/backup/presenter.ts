import { t } from "elysia";
import { DATE_PATTERN } from "./names";
import { PASSPHRASE_MAX, PASSPHRASE_MIN } from "./passphrase";

export const backupSchema = t.Object({ date: t.String(), size: t.Number(), encrypted: t.Boolean() });
export const typeSchema = t.Object({ type: t.String() });
export const madeSchema = t.Object({ date: t.String(), size: t.Number(), uploaded: t.Boolean() });
export const restoredSchema = t.Object({ restartNeeded: t.Boolean() });
export const dateSchema = t.Object({ date: t.String() });
/** The body of delete-by-date: the backup's date as the list shows it. */
export const dateBody = t.Object({ date: t.String({ pattern: DATE_PATTERN, maxLength: 19 }) });
/** The body of restore-by-date: the date, and the passphrase an encrypted backup was made with. */
export const restoreBody = t.Object({ date: t.String({ pattern: DATE_PATTERN, maxLength: 19 }), passphrase: t.Optional(t.String({ maxLength: PASSPHRASE_MAX })) });
export const passphraseBody = t.Object({ passphrase: t.String({ minLength: PASSPHRASE_MIN, maxLength: PASSPHRASE_MAX }) });
export const passphraseStatusSchema = t.Object({ passphraseSet: t.Boolean(), setAt: t.Union([t.String(), t.Null()]) });
export const generatedSchema = t.Object({ passphrase: t.String(), setAt: t.String() });

export type PresentedBackup = typeof backupSchema.static;

