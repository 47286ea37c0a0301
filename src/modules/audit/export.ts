import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/i18n";
import { translator } from "../../lib/i18n";
import { xlsxDownload } from "../../lib/xlsx-download";
import { audit } from "./service";
import { logForExport } from "./log";

/**
 * admin/activity-log/export/xlsx: the log (or one user's), newest first, in the reader's language (headings
 * and event kinds), with the data items' links as the page shows them and a deleted item's name without one.
 */
export async function exportLog(db: Db, actor: User, publicUrl: string, locale: Locale, userId?: number, signal?: AbortSignal): Promise<Response> {
  const t = translator(locale);
  const columns = [t("admin.activity.date"), t("admin.activity.event"), t("admin.activity.login"), t("admin.activity.name"), t("admin.activity.description"), t("admin.activity.data"), t("admin.activity.link")];
  const rows = logForExport(db, userId).map((row) => [
    row.date,
    t(`admin.activity.kind.${row.activityType}`),
    row.user?.login ?? "",
    row.user ? `${row.user.firstName} ${row.user.lastName}` : "",
    row.description,
    row.data?.name ?? row.dataName ?? "",
    row.data ? `${publicUrl}/project/${row.data.projectId}/${row.data.dataType.toLowerCase()}/${row.data.id}` : "",
  ]);
  const response = await xlsxDownload("activity-log.xlsx", t("admin.activity.title"), columns, rows, { owner: actor.id, signal });
  audit(db, actor.id, "DOWNLOAD", userId === undefined ? "activity-log.xlsx" : `activity-log.xlsx of user ${userId}`);
  return response;
}
