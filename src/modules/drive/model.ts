import { t, type Static } from "elysia";

/** How many ids one share, withdraw, remove or save-records call may name. */
export const MAX_IDS = 1000;
const NAME_FILTER_MAX = 255;

/** Share tokens are randomToken(24): 32 URL-safe characters; anything longer is refused as not found. */
export const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) });

export const nameQuery = t.Object({ name: t.Optional(t.String({ maxLength: NAME_FILTER_MAX })) });

/**
 * `id` (the spec's share call) or `ids` (withdraw, remove): one id or a comma list, either name
 * accepted on every call; parsed and checked by `parseIds` in the service.
 */
export const idsQuery = t.Object({
  id: t.Optional(t.String({ maxLength: 20_000 })),
  ids: t.Optional(t.String({ maxLength: 20_000 })),
});
export type IdsQuery = Static<typeof idsQuery>;

export const downloadQuery = t.Object({ inline: t.Optional(t.String({ maxLength: 5 })) });

/** POST /files/save-records: the file entries a chat message attaches. */
export const saveRecordsBody = t.Array(t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }), {
  minItems: 1,
  maxItems: MAX_IDS,
});
export type SaveRecordsInput = Static<typeof saveRecordsBody>;

/** A share link's options: an end date at most a year ahead, a password of 4 to 128 characters; wrong passwords per visitor and per link. */
export const SHARE_LIMITS = { maxDays: 366, passwordMin: 4, passwordMax: 128, failuresPerVisitor: 5, failuresPerLink: 20 };

/**
 * POST /files/share-options: `expiresAt` an instant (the island sends the end of the chosen day) or
 * null for none; `password` sets it, null removes it, absent keeps it.
 */
export const shareOptionsBody = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  expiresAt: t.Nullable(t.String({ maxLength: 40 })),
  password: t.Optional(t.Nullable(t.String({ minLength: SHARE_LIMITS.passwordMin, maxLength: SHARE_LIMITS.passwordMax }))),
});
export type ShareOptionsInput = Static<typeof shareOptionsBody>;

/** POST /files/unlock-share/{token}: the link's password, in the body (never in an address). */
export const unlockBody = t.Object({ password: t.String({ minLength: 1, maxLength: SHARE_LIMITS.passwordMax }) });

/** The largest quota an administrator may set, in MB (about 10 TB). */
export const QUOTA_MAX_MB = 10_000_000;

/** POST /files/set-quota: a user's drive quota in MB, or null for the default (DRIVE_QUOTA_MB). */
export const setQuotaBody = t.Object({
  userId: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  quotaMb: t.Nullable(t.Integer({ minimum: 0, maximum: QUOTA_MAX_MB })),
});
export type SetQuotaInput = Static<typeof setQuotaBody>;
