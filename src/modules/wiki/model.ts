import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { WIKI_LIMITS } from "./limits";

export const idParams = t.Object({ id: Id() });
export const articleIdParams = t.Object({ articleId: Id() });

/** A parent in a query: an id, or empty, absent or "null" for the top level. */
const ParentId = () =>
  t
    .Transform(t.String({ pattern: "^(|null|[1-9][0-9]{0,14})$" }))
    .Decode((value) => (value === "" || value === "null" ? null : Number(value)))
    .Encode((value) => (value === null ? "" : String(value)));

/** set-parent: where `childId` goes (GET, as the spec has it; the proof header keeps links from calling it). */
export const parentQuery = t.Object({ childId: Id(), parentId: t.Optional(ParentId()) });

/** The parent picker: articles whose title holds `title`, not `node` itself nor anything under it. */
export const unrelatedQuery = t.Object({
  title: t.Optional(t.String({ maxLength: WIKI_LIMITS.filter })),
  node: t.Optional(Id()),
});

const text = {
  title: trimmedText(WIKI_LIMITS.title),
  content: t.String({ maxLength: WIKI_LIMITS.content }),
  /** What this version changed, in a few words (optional; shown in the history). */
  summary: t.Optional(trimmedText(WIKI_LIMITS.summary)),
};

const optionalId = () => t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })));

/**
 * A new article: its first version, and optionally where it goes: under `parentId` (in its space), or at the
 * top of project `projectId`'s space (absent or null: the wiki everyone shares).
 */
export const saveBody = t.Object({ ...text, parentId: optionalId(), projectId: optionalId() });
export type SaveInput = Static<typeof saveBody>;

/**
 * The next version of an article. `baseVersion`, when sent, is the version the editor started from: if
 * someone saved in between, the save is refused (409) rather than silently overwriting their words.
 */
export const versionBody = t.Object({
  ...text,
  baseVersion: t.Optional(t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});
export type VersionInput = Static<typeof versionBody>;
