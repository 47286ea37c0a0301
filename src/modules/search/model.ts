import { t } from "elysia";
import { Id } from "../../lib/ids";
import { SEARCH_LIMITS } from "./limits";

/** global-search/find: the name to look for, and optionally the one project to look in. */
export const findQuery = t.Object({ q: t.Optional(t.String({ maxLength: SEARCH_LIMITS.query })), projectId: t.Optional(Id()) });
