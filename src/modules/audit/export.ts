import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { xlsxDownload } from "../../lib/xlsx-download";
import { audit } from "./service";
import { logForExport } from "./log";

const COLUMNS = ["Date", "Event", "Login", "Name", "Description", "Data item", "Link"];

/** admin/activity-log/export/xlsx: the log (or one user's), newest first, with the data items' links as the page shows them. */
export async function exportLog(db: Db, actor: User, publicUrl: string, userId?: number): Promise<Response> {
  const rows = logForExport(db, userId).map((row) => [
    row.date,
    row.activityType,
    row.user?.login ?? "",
    row.user ? `${row.user.firstName} ${row.user.lastName}` : "",
    row.description,
    row.data?.name ?? "",
    row.data ? `${publicUrl}/project/${row.data.projectId}/${row.data.dataType.toLowerCase()}/${row.data.id}` : "",
  ]);
  audit(db, actor.id, "DOWNLOAD", userId === undefined ? "activity-log.xlsx" : `activity-log.xlsx of user ${userId}`);
  return xlsxDownload("activity-log.xlsx", "Activity", COLUMNS, rows);
}
