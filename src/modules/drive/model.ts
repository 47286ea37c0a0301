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
