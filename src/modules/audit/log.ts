import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { activityLog, dataItems, users } from "../../../db/schema";
import { contains } from "../data/text-match";
import type { LogQuery } from "./model";

/** Logins as users' unique index orders them (lower case), so the sort by user walks that index. */
const LOGIN_ORDER = sql`lower(${users.login})`;

/**
 * The columns the log sorts by; the id breaks ties so that pages never overlap. Each has an index that
 * also orders by id (migration 0019), except the user's login, which lives in users: see byLogin.
 */
const SORTS = {
  date: activityLog.date,
  activityType: activityLog.activityType,
  description: activityLog.description,
  user: LOGIN_ORDER,
} as const;
export type LogSort = keyof typeof SORTS;
export const LOG_SORTS = Object.keys(SORTS) as [LogSort, ...LogSort[]];

/** A row with the user's name and the data item's place for its link, joined; dataName stays once the item is gone. */
const COLUMNS = {
  id: activityLog.id,
  activityType: activityLog.activityType,
  description: activityLog.description,
  date: activityLog.date,
  dataName: activityLog.dataName,
  user: { id: users.id, login: users.login, firstName: users.firstName, lastName: users.lastName },
  data: { id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, projectId: dataItems.projectId },
};

function logRows(db: Db, where: SQL | undefined) {
  return db
    .select(COLUMNS)
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .leftJoin(dataItems, eq(dataItems.id, activityLog.dataId))
    .where(where)
    .$dynamic();
}
export type LogRow = Awaited<ReturnType<ReturnType<typeof logRows>["all"]>>[number];

/**
 * The log sorted by login without sorting it: users walked in login order (their unique index), each one's
 * rows through the log's user index, which is in id order. CROSS JOIN keeps SQLite from putting the log in
 * the outer loop, which meant joining and sorting every row (1.4 s at 200,000 rows); users.id between the
 * two terms lets SQLite see that the index walk is already in order (without it, it sorts each user's rows).
 */
const idsByLogin = (db: Db, descending: boolean, offset: number, limit: number) => {
  const order = descending ? desc : asc;
  return db
    .select({ id: activityLog.id })
    .from(users)
    .crossJoin(activityLog)
    .where(eq(activityLog.userId, users.id))
    .orderBy(order(LOGIN_ORDER), order(users.id), order(activityLog.id))
    .limit(limit)
    .offset(offset)
    .all();
};

/** Rows without a user (a shared file fetched by a stranger, a scheduled job): sorted by login they come first, as NULL does. */
const idsWithoutUser = (db: Db, descending: boolean, offset: number, limit: number) =>
  db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(isNull(activityLog.userId))
    .orderBy((descending ? desc : asc)(activityLog.id))
    .limit(limit)
    .offset(offset)
    .all();

function idsOfPageByLogin(db: Db, query: LogQuery, totalElements: number) {
  const nobody = db.select({ n: count() }).from(activityLog).where(isNull(activityLog.userId)).get()!.n;
  const somebody = totalElements - nobody;
  const [first, firstCount, second] = query.desc ? [idsByLogin, somebody, idsWithoutUser] : [idsWithoutUser, nobody, idsByLogin];
  const offset = query.page * query.rowsPerPage;
  const head = offset < firstCount ? first(db, query.desc, offset, query.rowsPerPage) : [];
  const rest = query.rowsPerPage - head.length;
  return rest > 0 ? [...head, ...second(db, query.desc, Math.max(0, offset - firstCount), rest)] : head;
}

/** The query's filters as one condition: the user, the event kinds, the time range, the text (case aside in every script, as name search). */
function filtersOf(query: LogQuery): SQL | undefined {
  const text = query.text?.trim();
  return and(
    query.userId === undefined ? undefined : eq(activityLog.userId, query.userId),
    query.activityTypes?.length ? inArray(activityLog.activityType, query.activityTypes) : undefined,
    query.from === undefined ? undefined : gte(activityLog.date, new Date(query.from)),
    query.to === undefined ? undefined : lt(activityLog.date, new Date(query.to)),
    text ? or(contains(activityLog.description, text), contains(activityLog.dataName, text)) : undefined,
  );
}

const filtered = (query: LogQuery) => query.userId !== undefined || !!query.activityTypes?.length || query.from !== undefined || query.to !== undefined || !!query.text?.trim();

/** The ids of one page, read from the sort's index alone: a deep page steps over index entries, never over joined rows. */
function idsOfPage(db: Db, query: LogQuery, where: SQL | undefined, totalElements: number) {
  if (query.sortBy === "user" && !filtered(query)) return idsOfPageByLogin(db, query, totalElements);
  const order = query.desc ? desc : asc;
  // One user's rows share the login: by user they are in id order; filtered otherwise, they are sorted by login here.
  const byLogin = query.sortBy === "user" && query.userId === undefined;
  const by = query.sortBy !== "user" ? [order(SORTS[query.sortBy]), order(activityLog.id)] : byLogin ? [order(LOGIN_ORDER), order(activityLog.id)] : [order(activityLog.id)];
  const rows = db.select({ id: activityLog.id }).from(activityLog).$dynamic();
  return (byLogin ? rows.leftJoin(users, eq(users.id, activityLog.userId)) : rows)
    .where(where)
    .orderBy(...by)
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .all();
}

/** admin/activity-log/find-pageable-search-result: a page of the log, sorted and filtered (see filtersOf). */
export function findLogPage(db: Db, query: LogQuery) {
  const where = filtersOf(query);
  const totalElements = db.select({ n: count() }).from(activityLog).where(where).get()!.n;
  const ids = idsOfPage(db, query, where, totalElements).map((row) => row.id);
  if (!ids.length) return { content: [], totalElements };
  const rows = new Map(logRows(db, inArray(activityLog.id, ids)).all().map((row) => [row.id, row]));
  return { content: ids.map((id) => rows.get(id)!), totalElements };
}

/** The whole log (or one user's), newest first, for the XLSX export; capped so one click cannot build a file of millions of rows. */
const EXPORT_ROWS = 100_000;
export const logForExport = (db: Db, userId?: number) =>
  logRows(db, userId === undefined ? undefined : eq(activityLog.userId, userId))
    .orderBy(desc(activityLog.date), desc(activityLog.id))
    .limit(EXPORT_ROWS)
    .all();
