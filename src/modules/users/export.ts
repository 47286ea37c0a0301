import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { xlsxDownload } from "../../lib/xlsx-download";
import { audit } from "../audit/service";
import { listUsers } from "./service";

/** The columns of users/export/xlsx, in English: the file is for a spreadsheet, not for a screen in one language. */
const COLUMNS = ["Last name", "First name", "Login", "E-mail", "Phone", "Position", "Company", "Role", "Active", "Imported from AD", "Registered", "Last sign-in"];

/** users/export/xlsx: every user without secrets, one row each, dates as spreadsheet dates. */
export async function exportUsers(db: Db, actor: User, signal?: AbortSignal): Promise<Response> {
  const rows = listUsers(db).map((user) => [
    user.lastName,
    user.firstName,
    user.login,
    user.email,
    user.phoneNumber ?? "",
    user.position ?? "",
    user.company ?? "",
    user.role,
    user.isActive ? "yes" : "no",
    user.isImportedFromAD ? "yes" : "no",
    user.registrationDate,
    user.lastLoginDate ?? "",
  ]);
  const response = await xlsxDownload("users.xlsx", "Users", COLUMNS, rows, { owner: actor.id, signal });
  audit(db, actor.id, "DOWNLOAD", "users.xlsx");
  return response;
}
