import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import type { SecretBox } from "../../lib/secret-box";
import { invalid } from "../../lib/errors";
import { reachableItems } from "../data/policy";
import { reachableIssues } from "../issues/policy";
import { categoryLimits } from "../projects/policy";
import { readableMessage } from "../chat/index-texts";
import { visibleProjects } from "../projects/service";
import { withBlindStems } from "./fulltext-blind";
import { chatCards } from "./fulltext-chat";
import { catchUp, KIND, type Kind } from "./fulltext-index";
import { snippetOf } from "./fulltext-snippet";
import { stemsOf, wordsOf } from "./fulltext-stems";
import { FULLTEXT_LIMITS } from "./limits";
import { ftsPhrase } from "./name-index";
import type { PresentedFullTextPage } from "./presenter";

const KIND_NAMES = Object.fromEntries(Object.entries(KIND).map(([name, code]) => [code, name])) as Record<number, Kind>;

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
 * Per kind, whether the reader may open the text of index row `rid` (an SQL expression on `rid`): a
 * primary-key lookup each, against the reader's projects and category limits worked out once.
 * Documents through the data rule (active items of projects they see, within their category limits),
 * tasks through the tasks' limited-member rule, articles for everyone, chat messages through the chat
 * rule (chat/index-texts.ts readableMessage: DATA and ISSUE chats follow the item and task rules here).
 */
function readableKinds(db: Db, actor: User, projectIds: number[]): Record<number, SQL> {
  const limits = categoryLimits(db, actor);
  const free = projectIds.filter((id) => !limits.has(id));
  const limited = projectIds.filter((id) => limits.has(id));
  const issueRule = or(inArray(sql`project_id`, free), ...limited.map((id) => and(sql`project_id = ${id}`, reachableIssues(limits, actor, id))), sql`0`)!;
  const docRule = and(inArray(sql`project_id`, projectIds), sql`data_type = 'DOC' and is_active = 1`, reachableItems(limits));
  return {
    [KIND.ARTICLE]: sql`exists (select 1 from articles where id = rid >> 2)`,
    [KIND.ISSUE]: sql`exists (select 1 from issues where id = rid >> 2 and ${issueRule})`,
    [KIND.DOC]: sql`exists (select 1 from data_items where id = rid >> 2 and ${docRule})`,
    [KIND.CHAT]: readableMessage(actor, sql`rid >> 2`, {
      items: sql`select id from data_items where ${and(inArray(sql`project_id`, projectIds), sql`is_active = 1`, reachableItems(limits))}`,
      issues: sql`select id from issues where ${issueRule}`,
    }),
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
  body: string;
  name: string;
  projectId: number | null;
  versionId: number | null;
  versionName: string | null;
}

/** What the cards of `rids` show, in their order: name, project, a document's newest version, the text for the snippet. */
function shownRows(db: Db, rids: number[]): ShownRow[] {
  if (!rids.length) return [];
  const rows = db.all<ShownRow>(sql`
    select j.value as rid, f.body, coalesce(d.name, i.name, a.title) as name, coalesce(d.project_id, i.project_id) as projectId, v.id as versionId, v.name as versionName
    from json_each(${JSON.stringify(rids)}) j
    join fulltext_index f on f.rowid = j.value
    left join data_items d on (j.value & 3) = ${KIND.DOC} and d.id = (j.value >> 2)
    left join doc_versions v on v.id = (select id from doc_versions where data_id = d.id and is_active order by creation_date desc, id desc limit 1)
    left join issues i on (j.value & 3) = ${KIND.ISSUE} and i.id = (j.value >> 2)
    left join articles a on (j.value & 3) = ${KIND.ARTICLE} and a.id = (j.value >> 2)`);
  const byRid = new Map(rows.map((row) => [row.rid, row]));
  return rids.map((rid) => byRid.get(rid)!);
}

/**
 * full-text-search/find: the wiki articles, tasks and documents whose text has every query word in
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
      type: KIND_NAMES[row.rid & 3]!,
      id: row.rid >> 2,
      name: row.name,
      project: row.projectId === null ? null : { id: row.projectId, name: projects.get(row.projectId)! },
      version: row.versionId === null ? null : { id: row.versionId, name: row.versionName! },
      snippet: snippetOf(row.body, stems),
    }),
    totalElements: hits.length,
  };
}
