/**
 * Runs in the untrusted worker (src/lib/untrusted-worker.ts): checks an XLSX's zip for real (every
 * part inflated within its declared size, the caps and its checksum, and the parts exceljs reads
 * well-formed to their end) before exceljs reads it, or decodes and parses a CSV; refusals carry
 * the error code the import answers with.
 */
import { xmlProblem } from "../../lib/xml-well-formed";
import { checkZipLimits, inflateEntry, readZipDirectory, ZipRefusal } from "../../lib/zip";
import { refuse, type ParsedTable } from "./collect";
import { parseCsv } from "./csv";
import { XLSX_LIMITS } from "./import-limits";
import { partsRead, readXlsx } from "./xlsx-read";

export default async function readTable({ path, kind, keep }: { path: string; kind: "xlsx" | "csv"; keep: number }): Promise<ParsedTable> {
  const bytes = await Bun.file(path).bytes();
  if (kind === "csv") return parseCsv(bytes, keep);
  try {
    const entries = await readZipDirectory((start, end) => bytes.subarray(start, end), bytes.byteLength);
    checkZipLimits(entries, XLSX_LIMITS);
    const read = partsRead(entries);
    for (const entry of entries) {
      const data = inflateEntry(bytes, entry);
      const problem = read.has(entry.name) ? xmlProblem(data) : undefined;
      if (problem) throw refuse("file_unreadable", `${entry.name}: ${problem}`);
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw refuse(error.reason === "too_complex" ? "table_too_large" : "file_unreadable", error.message);
    throw error;
  }
  try {
    return await readXlsx(bytes, keep);
  } catch (error) {
    if ((error as { code?: unknown }).code) throw error;
    throw refuse("file_unreadable", String((error as Error)?.message ?? error));
  }
}
