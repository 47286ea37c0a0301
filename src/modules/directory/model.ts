import { t } from "elysia";
import { integer, oneOf } from "../../lib/schema";
import { DIRECTORY_SETTINGS, DIRECTORY_TRANSPORTS } from "./config";
import { SKIP_REASONS } from "./sync";

/** directory/test: any of the ACTIVE_DIRECTORY settings, to try before saving them; missing ones are the saved values. */
export const testBody = t.Optional(
  t.Partial(t.Object(Object.fromEntries(DIRECTORY_SETTINGS.map((label) => [label, t.String({ maxLength: 100_000 })])), { additionalProperties: false })),
);

/** What the test found, and how the connection was protected (ldaps, starttls or plain). */
export const testAnswer = t.Object({ found: integer(), importable: integer(), notImportable: integer(), transport: oneOf(DIRECTORY_TRANSPORTS) });

export const syncAnswer = t.Object({
  found: integer(),
  created: integer(),
  updated: integer(),
  activated: integer(),
  deactivated: integer(),
  /** The last active SYSTEM_ADMIN's login when the sync would have switched them off and did not. */
  keptLastAdmin: t.Nullable(t.String()),
  /** The first hundred entries left out, with why. */
  skipped: t.Array(t.Object({ dn: t.String(), login: t.String(), reason: oneOf(SKIP_REASONS) })),
  skippedCount: integer(),
});
