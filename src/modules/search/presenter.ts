import { t, type Static } from "elysia";
import { CHAT_TYPES, DATA_TYPES } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";

const projectRef = t.Object({ id: integer(), name: t.String() });

/** global-search/find: the groups of spec 1 (abstractDataList, issues, chats, articles, userProjects), each by name. */
export const globalHitsSchema = t.Object({
  abstractDataList: t.Array(t.Object({ id: integer(), name: t.String(), dataType: oneOf(DATA_TYPES), project: projectRef })),
  issues: t.Array(t.Object({ id: integer(), name: t.String(), project: projectRef })),
  chats: t.Array(t.Object({ id: integer(), name: t.String(), type: oneOf(CHAT_TYPES) })),
  articles: t.Array(t.Object({ id: integer(), currentTitle: t.String() })),
  userProjects: t.Array(projectRef),
});
export type PresentedGlobalHits = Static<typeof globalHitsSchema>;

/** What a full-text hit is: a data item by its type (documents, reports and tables have texts), an article, a task or a chat message. */
const FULL_TEXT_HIT_TYPES = ["DOC", "REPORT", "TABLE", "ARTICLE", "ISSUE", "CHAT"] as const;
export type FullTextHitType = (typeof FULL_TEXT_HIT_TYPES)[number];

/**
 * full-text-search/find: a page of hits, best first. `snippet` is escaped text in which only
 * <mark>…</mark> is markup (the matched word forms). `version` is a document's newest version. A CHAT
 * hit is a message: `id` is its chat's (the card opens the chat), `name` the chat's name.
 */
export const fullTextPageSchema = t.Object({
  content: t.Array(
    t.Object({
      type: oneOf(FULL_TEXT_HIT_TYPES),
      id: integer(),
      name: t.String(),
      project: t.Nullable(projectRef),
      version: t.Nullable(t.Object({ id: integer(), name: t.String() })),
      snippet: t.String(),
    }),
  ),
  totalElements: integer(),
});
export type PresentedFullTextPage = Static<typeof fullTextPageSchema>;

/** full-text-search/reindex and reindex-status: where the rebuild stands; FAILED is shown as indexRebuildFailed. */
export const reindexStatusSchema = t.Object({
  state: oneOf(["IDLE", "RUNNING", "DONE", "FAILED"] as const),
  done: integer(),
  total: integer(),
});
