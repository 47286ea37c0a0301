import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { driveFiles, type User } from "../../../db/schema";
import { randomToken } from "../../lib/crypto";
import { audit } from "../audit/service";

/**
 * A file's token as randomToken(24) makes it, or longer: URL-safe characters only, at least 32 of them
 * (192 bits), at most what the download routes accept. Anything else cannot be reached or can be guessed.
 */
const WELL_FORMED = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The maintenance action update/add-tokens: every drive file whose token is empty or malformed (a row
 * from an import or an older build) gets a fresh one. One transaction, audited; a second run finds nothing.
 * Public share links (shareToken) are left as they are: renewing them would break links already given out.
 */
export function addMissingFileTokens(db: Db, actor: User) {
  return db.transaction((tx) => {
    const rows = tx.select({ id: driveFiles.id, token: driveFiles.token }).from(driveFiles).all();
    const malformed = rows.filter((row) => !WELL_FORMED.test(row.token));
    for (const row of malformed) tx.update(driveFiles).set({ token: randomToken(24) }).where(eq(driveFiles.id, row.id)).run();
    audit(tx, actor.id, "UPDATE", `File tokens: ${malformed.length} added, ${rows.length} files checked`);
    return { checked: rows.length, added: malformed.length };
  });
}
