import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import type { SecretBox } from "../../lib/secret-box";
import { invalid } from "../../lib/errors";
import { itemCards, readableDataItem, readableItemIds } from "../data/readable";
import { newestVersions } from "../docs/index-texts";
import { issueCards, readableIssue, readableIssueIds } from "../issues/index-texts";
import { articleTitles, readableArticle } from "../wiki/index-texts";
import { categoryLimits } from "../projects/policy";
import { readableMessage } from "../chat/index-texts";
import { visibleProjects } from "../projects/service";
import { withBlindStems } from "./fulltext-blind";
import { chatCards } from "./fulltext-chat";
import { catchUp, KIND } from "./fulltext-index";
import { snippetOf } from "./fulltext-snippet";
import { stemsOf, wordsOf } from "./fulltext-stems";
import { FULLTEXT_LIMITS } from "./limits";
import { ftsPhrase } from "./name-index";
import type { FullTextHitType, PresentedFullTextPage } from "./presenter";


/**
 * The query's words (every q split into words) and the FTS5 expression: each word as any of its stems,
 * quoted. Stop words are counted against the limit but not looked for; only stop words give no match.
 */
function parseQuery(q: string[], box: SecretBox) {
  const characters = q.reduce((n, part) => n + part.length, 0);
  if (characters > FULLTEXT_LIMITS.characters) throw invalid([{ path: "query.q", message: `At most ${FULLTEXT_LIMITS.characters} characters` }]);
  const words = q.flatMap((part) => wordsOf(part).map(({ word }) => word));
  if (words.length > FULLTEXT_LIMITS.words) throw invalid([{ path: "query.q", message: `At most ${FULLTEXT_LIMITS.words} words` }]);
  const stems = words.map(stemsOf).filter((forms) => forms.length);
  const match = stems.map((forms) => `(${withBlindStems(box, forms).map(ftsPhrase).join(" OR ")})`).join(" AND ");
  return { match, stems: new Set(stems.flat()) };
}

/**
 * Per kind, whether the reader may open the text of index row `rid` (an SQL expression on `rid`), as each
 * owner words it: a primary-key lookup each, against the reader's projects and category limits worked out
 * once. Data items (documents, reports, tables) through the data rule, tasks through the tasks' limited-member rule,
 * articles of the shared wiki and the reader's projects' spaces, chat messages through the chat rule (whose DATA and
 * ISSUE chats follow the item and task rules).
 */
function readableKinds(db: Db, actor: User, projectIds: number[]): Record<number, SQL> {
  const limits = categoryLimits(db, actor);
  const ref = sql`rid >> 2`;
  return {
    [KIND.ARTICLE]: readableArticle(projectIds, ref),
    [KIND.ISSUE]: readableIssue(actor, limits, projectIds, ref),
    [KIND.DATA]: readableDataItem(projectIds, limits, ref),
    [KIND.CHAT]: readableMessage(actor, ref, { items: readableItemIds(projectIds, limits), issues: readableIssueIds(actor, limits, projectIds) }),
  };
}

/**
 * The hits the reader may open, best first: the newest `FULLTEXT_LIMITS.ranked` readable matches (by
 * index row, which stops the scan early when a word is in most texts) ordered by bm25, ties by row.
 * The same data give the same order, so pages neither overlap nor skip.
 */
function rankedHits(db: Db, match: string, readable: Record<number, SQL>) {
  const cases = sql.join(Object.entries(readable).map(([kind, rule]) => sql`when ${Number(kind)} then ${rule}`), sql` `);
  const rows = db.all<{ rid: number; score: number }>(sql`
    select rid, score from (select rowid as rid, bm25(fulltext_index) as score from fulltext_index where fulltext_index match ${match} order by rowid desc)
    where case rid & 3 ${cases} else 0 end
    limit ${FULLTEXT_LIMITS.ranked}`);
  return rows.sort((a, b) => a.score - b.score || a.rid - b.rid).map(({ rid }) => rid);
}

interface ShownRow {
  rid: number;
  type: FullTextHitType;
  body: string;
  name: string;
  projectId: number | null;
  version: { id: number; name: string } | null;
}

/** What the cards of `rids` show, in their order: kind (a data item's type), name and project (asked of each kind's owner), a document's newest version, the text for the snippet. */
function shownRows(db: Db, rids: number[]): ShownRow[] {
  const refs = (kind: number) => rids.filter((rid) => (rid & 3) === kind).map((rid) => rid >> 2);
  const bodies = new Map(db.all<{ rid: number; body: string }>(sql`select rowid as rid, body from fulltext_index where rowid in (select value from json_each(${JSON.stringify(rids)}))`).map((row) => [row.rid, row.body]));
  const items = itemCards(db, refs(KIND.DATA));
  const versions = newestVersions(db, refs(KIND.DATA));
  const tasks = issueCards(db, refs(KIND.ISSUE));
  const titles = articleTitles(db, refs(KIND.ARTICLE));
  return rids.map((rid) => {
    const [kind, ref, body] = [rid & 3, rid >> 2, bodies.get(rid) ?? ""];
    const item = kind === KIND.DATA ? items.get(ref) : undefined;
    const owned = item ?? (kind === KIND.ISSUE ? tasks.get(ref) : undefined);
    const name = kind === KIND.ARTICLE ? (titles.get(ref) ?? "") : (owned?.name ?? "");
    const type = kind === KIND.ARTICLE ? "ARTICLE" : kind === KIND.ISSUE ? "ISSUE" : kind === KIND.CHAT ? "CHAT" : (item?.dataType as FullTextHitType | undefined) ?? "DOC";
    return { rid, type, body, name, projectId: owned?.projectId ?? null, version: kind === KIND.DATA ? (versions.get(ref) ?? null) : null };
  });
}

/**
 * full-text-search/find: the wiki articles, tasks, documents, reports and tables whose text has every query word in
 * some form (its Russian, Spanish or English stem), best first (bm25), 20 a page, each with a snippet.
 * Only what the reader may open (readableKinds). When more than FULLTEXT_LIMITS.ranked texts match,
 * the newest that many are ranked and totalElements is that number (the sheet says so).
 */
export function findFullText(ctx: AppContext, actor: User, q: string[] = [], page = 0): PresentedFullTextPage {
  const { match, stems } = parseQuery(q, ctx.box);
  if (!match) return { content: [], totalElements: 0 };
  const { db } = ctx;
  catchUp(ctx);
  const projects = new Map(visibleProjects(db, actor).map(({ project }) => [project.id, project.name]));
  const hits = rankedHits(db, match, readableKinds(db, actor, [...projects.keys()]));
  const size = FULLTEXT_LIMITS.pageSize;
  const shown = shownRows(db, hits.slice(page * size, (page + 1) * size));
  const chats = chatCards(ctx, actor, shown.map(({ rid }) => rid), stems);
  return {
    content: shown.map((row) => chats.get(row.rid) ?? {
      type: row.type,
      id: row.rid >> 2,
      name: row.name,
      project: row.projectId === null ? null : { id: row.projectId, name: projects.get(row.projectId)! },
      version: row.version,
      snippet: snippetOf(row.body, stems),
    }),
    totalElements: hits.length,
  };
}
