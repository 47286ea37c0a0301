import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalid } from "../../lib/errors";
import { reachableItems } from "../data/policy";
import { reachableIssues } from "../issues/policy";
import { categoryLimits } from "../projects/policy";
import { visibleProjects } from "../projects/service";
import { catchUp, KIND, type Kind } from "./fulltext-index";
import { snippetOf } from "./fulltext-snippet";
import { stemsOf, wordsOf } from "./fulltext-stems";
import { FULLTEXT_LIMITS } from "./limits";
import { ftsPhrase } from "./name-index";
import type { PresentedFullTextPage } from "./presenter";

const KIND_NAMES = Object.fromEntries(Object.entries(KIND).map(([name, code]) => [code, name])) as Record<number, Kind>;

/** The query's words (every q split into words) and the FTS5 expression: each word as any of its stems, quoted. */
function parseQuery(q: string[]) {
  const characters = q.reduce((n, part) => n + part.length, 0);
  if (characters > FULLTEXT_LIMITS.characters) throw invalid([{ path: "query.q", message: `At most ${FULLTEXT_LIMITS.characters} characters` }]);
  const words = q.flatMap((part) => wordsOf(part).map(({ word }) => word));
  if (words.length > FULLTEXT_LIMITS.words) throw invalid([{ path: "query.q", message: `At most ${FULLTEXT_LIMITS.words} words` }]);
  const stems = words.map(stemsOf);
  const match = stems.map((forms) => `(${forms.map(ftsPhrase).join(" OR ")})`).join(" AND ");
  return { match, stems: new Set(stems.flat()) };
}

interface HitRow {
  rid: number;
  body: string;
  name: string;
  projectId: number | null;
  versionId: number | null;
  versionName: string | null;
  total: number;
}

/**
 * full-text-search/find: the wiki articles, tasks and documents whose text has every query word in
 * some form (its Russian, Spanish or English stem), best first (bm25), 20 a page, each with a snippet.
 * Only what the reader may open: documents through the data rule (active items of projects they see,
 * within their category limits), tasks through the tasks' limited-member rule, articles for everyone.
 */
export function findFullText(ctx: AppContext, actor: User, q: string[] = [], page = 0): PresentedFullTextPage {
  const { match, stems } = parseQuery(q);
  if (!match) return { content: [], totalElements: 0 };
  const { db } = ctx;
  catchUp(db);
  const projects = new Map(visibleProjects(db, actor).map(({ project }) => [project.id, project.name]));
  const ids = [...projects.keys()];
  const limits = categoryLimits(db, actor);
  const free = ids.filter((id) => !limits.has(id));
  const limited = ids.filter((id) => limits.has(id));
  const docs = sql`select id, name, project_id from data_items where ${and(inArray(sql`project_id`, ids), sql`data_type = 'DOC' and is_active = 1`, reachableItems(limits))}`;
  const visibleIssues: SQL = or(inArray(sql`project_id`, free), ...limited.map((id) => and(sql`project_id = ${id}`, reachableIssues(limits, actor, id))), sql`0`)!;
  const size = FULLTEXT_LIMITS.pageSize;
  const rows = db.all<HitRow>(sql`
    select p.*,
      (select v.id from doc_versions v where p.kind = 3 and v.data_id = p.ref and v.is_active order by v.creation_date desc, v.id desc limit 1) as versionId,
      (select v.name from doc_versions v where p.kind = 3 and v.data_id = p.ref and v.is_active order by v.creation_date desc, v.id desc limit 1) as versionName
    from (
      select h.rid, h.rid & 3 as kind, h.rid >> 2 as ref, h.body, coalesce(d.name, i.name, a.title) as name, coalesce(d.project_id, i.project_id) as projectId, count(*) over () as total
      from (select rowid as rid, body, bm25(fulltext_index) as score from fulltext_index where fulltext_index match ${match}) h
      left join (${docs}) d on (h.rid & 3) = ${KIND.DOC} and d.id = (h.rid >> 2)
      left join (select id, name, project_id from issues where ${visibleIssues}) i on (h.rid & 3) = ${KIND.ISSUE} and i.id = (h.rid >> 2)
      left join articles a on (h.rid & 3) = ${KIND.ARTICLE} and a.id = (h.rid >> 2)
      where coalesce(d.id, i.id, a.id) is not null
      order by h.score, h.rid
      limit ${size} offset ${page * size}
    ) p`);
  const totalElements = rows[0]?.total ?? (page > 0 ? findFullText(ctx, actor, q, 0).totalElements : 0);
  return {
    content: rows.map((row) => ({
      type: KIND_NAMES[row.rid & 3]!,
      id: row.rid >> 2,
      name: row.name,
      project: row.projectId === null ? null : { id: row.projectId, name: projects.get(row.projectId)! },
      version: row.versionId === null ? null : { id: row.versionId, name: row.versionName! },
      snippet: snippetOf(row.body, stems),
    })),
    totalElements,
  };
}
