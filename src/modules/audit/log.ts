import { asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { activityLog, dataItems, users } from "../../../db/schema";
import type { LogQuery } from "./model";

/** The columns the log sorts by; the id breaks ties so that pages never overlap. */
const SORTS = {
  date: activityLog.date,
  activityType: activityLog.activityType,
  description: activityLog.description,
  user: users.login,
} as const;
export type LogSort = keyof typeof SORTS;
export const LOG_SORTS = Object.keys(SORTS) as [LogSort, ...LogSort[]];

/** One query for a page of the log and one for its size: the user's name and the data item's place for its link, joined. */
function logRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: activityLog.id,
      activityType: activityLog.activityType,
      description: activityLog.description,
      date: activityLog.date,
      user: { id: users.id, login: users.login, firstName: users.firstName, lastName: users.lastName },
      data: { id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, projectId: dataItems.projectId },
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .leftJoin(dataItems, eq(dataItems.id, activityLog.dataId))
    .where(where)
    .$dynamic();
}
export type LogRow = Awaited<ReturnType<ReturnType<typeof logRows>["all"]>>[number];

/** admin/activity-log/find-pageable-search-result: a page of the log, sorted, optionally of one user. */
export function findLogPage(db: Db, query: LogQuery) {
  const where = query.userId === undefined ? undefined : eq(activityLog.userId, query.userId);
  const order = query.desc ? desc : asc;
  const content = logRows(db, where)
    .orderBy(order(SORTS[query.sortBy]), order(activityLog.id))
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .all();
  const totalElements = db.select({ n: count() }).from(activityLog).where(where).get()!.n;
  return { content, totalElements };
}

/** The whole log (or one user's), newest first, for the XLSX export; capped so one click cannot build a file of millions of rows. */
const EXPORT_ROWS = 100_000;
export const logForExport = (db: Db, userId?: number) =>
  logRows(db, userId === undefined ? undefined : eq(activityLog.userId, userId))
    .orderBy(desc(activityLog.date), desc(activityLog.id))
    .limit(EXPORT_ROWS)
    .all();
