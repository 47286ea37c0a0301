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
