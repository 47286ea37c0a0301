import { t } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { FULLTEXT_LIMITS, SEARCH_LIMITS } from "./limits";

/** global-search/find: the name to look for, and optionally the one project to look in. */
export const findQuery = t.Object({ q: t.Optional(t.String({ maxLength: SEARCH_LIMITS.query })), projectId: t.Optional(Id()) });

/** full-text-search/find: q once per word, page from 0; the characters of all q together are counted by the service. */
export const fullTextQuery = t.Object({
  q: t.Optional(t.Array(t.String(), { maxItems: FULLTEXT_LIMITS.words })),
  page: t.Optional(Whole(1_000_000)),
});
