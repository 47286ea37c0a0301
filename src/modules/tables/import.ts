import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, invalid } from "../../lib/errors";
import { log } from "../../lib/log";
import { extensionOf } from "../../lib/sniff";
import { runUntrusted, UntrustedJobError } from "../../lib/untrusted-worker";
import { checkUpload, discard, receiveFiles } from "../../lib/uploads";
import { checkZipLimits, readZipDirectory, ZipRefusal } from "../../lib/zip";
import { getDataItem } from "../data/service";
import { LIMITS } from "../data/limits";
import { requireProjectRole } from "../projects/policy";
import type { ParsedTable } from "./collect";
import { IMPORT_WORKER_LIMITS, XLSX_LIMITS } from "./import-limits";
import { TABLE_LIMITS } from "./limits";
import { importTable } from "./import-write";

const KINDS: Record<string, "xlsx" | "csv"> = { xlsx: "xlsx", csv: "csv", tsv: "csv", txt: "csv" };

const unreadable = () => new AppError(422, "file_unreadable", "The file cannot be read");
const MESSAGES: Record<string, string> = {
  table_too_wide: `A table may have at most ${TABLE_LIMITS.columns} columns`,
  table_too_long: `A table may have at most ${TABLE_LIMITS.rows} rows`,
  table_too_large: `The table is too large: at most ${TABLE_LIMITS.cells} cells, read within ${TABLE_LIMITS.importMs / 1000} s`,
  csv_encoding_invalid: "The file's text is damaged: some of its bytes are not characters of its encoding",
  csv_quote_broken: "A quoted value in the file is not closed where it should be: the file is damaged",
};

/**
 * Reads the one uploaded file (field `file`) as a table in the untrusted worker, keeping its first
 * `keep` rows, once `authorize` accepts the form's fields; the file is removed whatever happens. An XLSX's zip directory is checked here first
 * (it is small). Not XLSX or CSV: 415; damaged: 422 file_unreadable (a CSV's broken encoding or quotes: csv_encoding_invalid,
 * csv_quote_broken), never fewer rows; past a cap (columns, rows,
 * cells, the worker's time or memory): 422 naming the cap.
 */
async function readUpload(ctx: AppContext, owner: number, request: Request, keep: number, authorize: (fields: Record<string, string>) => void): Promise<{ parsed: ParsedTable; fields: Record<string, string> }> {
  // The fields sent before the file are checked before a byte of it is read (and all of them again after).
  const { files, fields } = await receiveFiles(request, ctx.config.dataDir, { maxFiles: 1, maxBytes: TABLE_LIMITS.fileBytes, beforeFile: authorize });
  try {
    authorize(fields);
    const file = files.find((f) => f.field === "file");
    if (!file) throw invalid([{ path: "body.file", message: "Choose a file" }]);
    checkUpload(file);
    const kind = KINDS[extensionOf(file.fileName)];
    if (!kind) throw new AppError(415, "table_file_type", "Import an XLSX or CSV file");
    if (kind === "xlsx") {
      try {
        const bytes = Bun.file(file.absolutePath);
        checkZipLimits(await readZipDirectory((start, end) => bytes.slice(start, end).bytes(), file.size), XLSX_LIMITS);
      } catch (error) {
        if (!(error instanceof ZipRefusal)) throw unreadable();
        throw error.reason === "too_complex" ? new AppError(422, "table_too_large", MESSAGES.table_too_large) : unreadable();
      }
    }
    try {
      const parsed = await runUntrusted<ParsedTable>(new URL("./import-job.ts", import.meta.url), { path: file.absolutePath, kind, keep }, IMPORT_WORKER_LIMITS, { owner, signal: request.signal });
      return { parsed, fields };
    } catch (error) {
      // The fair share's refusals (429, 503, the requester gone) are not the file's fault.
      if (error instanceof AppError) throw error;
      const job = error instanceof UntrustedJobError ? error : new UntrustedJobError("crashed", undefined, String(error));
      log.info("table_import_refused", { reason: job.reason, code: job.code, message: job.message.slice(0, 200), size: file.size });
      if (job.code && job.code in MESSAGES) throw new AppError(422, job.code, MESSAGES[job.code]);
      if (job.reason === "timeout" || job.reason === "memory") throw new AppError(422, "table_too_large", MESSAGES.table_too_large);
      throw unreadable();
    }
  } finally {
    discard(files);
  }
}

/** table/preview: what the import would make of the file (headers, the first rows, the encoding and separator found); nothing is stored. */
export async function previewImport(ctx: AppContext, actor: User, request: Request) {
  const { parsed } = await readUpload(ctx, actor.id, request, TABLE_LIMITS.previewRows, (fields) => {
    if (!/^[1-9]\d{0,14}$/.test(fields.projectId ?? "")) throw invalid([{ path: "body.projectId", message: "A project id, sent before the file" }]);
    requireProjectRole(ctx.db, actor, Number(fields.projectId), "MODERATOR");
  });
  return parsed;
}

/** The categories field: JSON text of a list of ids (or of `{ id }`). */
function categoriesField(text: string | undefined): { id: number }[] | undefined {
  if (text === undefined || text === "") return undefined;
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = undefined;
  }
  const ids = Array.isArray(list) ? list.map((x) => (typeof x === "object" && x !== null ? (x as { id?: unknown }).id : x)) : [];
  if (!Array.isArray(list) || list.length > LIMITS.categories || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
    throw invalid([{ path: "body.categoryList", message: "JSON text of a list of category ids" }]);
  return ids.map((id) => ({ id: id as number }));
}

/** table/save-for-project: imports the file as a new TABLE item of the project; MODERATOR. Nothing is stored unless all of it is. */
export async function saveForProject(ctx: AppContext, actor: User, projectId: number, request: Request) {
  // Checked before the upload is read, so someone who may not import sends their file for nothing but learns nothing.
  requireProjectRole(ctx.db, actor, projectId, "MODERATOR");
  const { parsed, fields } = await readUpload(ctx, actor.id, request, TABLE_LIMITS.rows, () => undefined);
  if ((fields.description?.length ?? 0) > LIMITS.description) throw invalid([{ path: "body.description", message: "validation.tooLong", code: "validation.tooLong" }]);
  const input = { name: fields.name ?? "", description: fields.description, categoryList: categoriesField(fields.categoryList), headers: parsed.headers, rows: parsed.rows };
  const item = await importTable(ctx.db, actor, projectId, input);
  return getDataItem(ctx.db, actor, item.id);
}
