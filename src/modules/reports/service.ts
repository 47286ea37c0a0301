import type { Db } from "../../../db/client";
import type { DataItem, User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { translator, type Locale } from "../../lib/i18n";
import { cleanHtml, cleanHtmlEncoded } from "../../lib/clean-html";
import { jsonWithEncoded } from "../../lib/json-bytes";
import { runUntrusted, UntrustedJobError, type JobOptions } from "../../lib/untrusted-worker";
import { contentDisposition } from "../../lib/downloads";
import { requireDataItem, requireDataItemHeader } from "../data/policy";
import { audit } from "../audit/service";
import type { DataItemHeader } from "../data/policy";
import { relateEmbedded } from "../data/relations";
import { replaceDataItemBody } from "../data/service";
import { tableValues } from "../tables/service";
import type { ReportBlock } from "./blocks";
import type { ExportJob } from "./export-job";
import { REPORT_LIMITS } from "./limits";
import type { ExportFormat } from "./model";
import { placeholderIds } from "./placeholders";
import type { PresentedReport } from "./presenter";

const SHOWN_TYPES = new Set(["TABLE", "CHART"]);


/**
 * The items of `ids` the reader may see as blocks of `report`: a TABLE or CHART of the report's
 * project, active, and reachable by the reader (categories). Anything else is left out, and its
 * placeholder drawn neutral, so a report never tells its reader what they could not open themselves.
 */
function visibleItems(db: Db, actor: User, report: DataItemHeader, ids: number[]): DataItem[] {
  return ids.flatMap((id) => {
    try {
      const { item } = requireDataItem(db, actor, id);
      return item.isActive && item.projectId === report.projectId && SHOWN_TYPES.has(item.dataType) ? [item] : [];
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    }
  });
}

/** The items `body` embeds, up to the limit (those past it are drawn neutral and related to nothing). */
const embeddedIds = (body: string) => placeholderIds(body).slice(0, REPORT_LIMITS.placeholders);

/**
 * Relates to the report each table and chart its `body` embeds that the saver sees, and drops the relations an
 * embed made whose embed is gone (report/save and data/save both call it, inside their writes).
 */
export function relateEmbeds(db: Db, actor: User, report: DataItemHeader, body: string) {
  const embedded = embeddedIds(body);
  relateEmbedded(db, report.id, embedded, visibleItems(db, actor, report, embedded).map((item) => item.id));
}

/** A report as its viewer reads it: `body` and the blocks the reader may see. */
function presentReport(db: Db, actor: User, item: DataItemHeader, body: string): PresentedReport {
  const blocks = visibleItems(db, actor, item, embeddedIds(body)).map((data) => ({ id: data.id, dataType: data.dataType as "TABLE" | "CHART" }));
  return { id: item.id, name: item.name, projectId: item.projectId, body, blocks };
}

/** report/get: the body (cleaned with the `report` setting when it was saved, by report/save or data/save) and the blocks the reader may see. */
export function getReport(db: Db, actor: User, id: number): PresentedReport {
  const { item } = requireDataItem(db, actor, id, { type: "REPORT" });
  return presentReport(db, actor, item, item.body ?? "");
}

/**
 * report/save: a new body, sanitised off the event loop (MODERATOR in the report's project); answers the saved
 * report (PresentedReport) as JSON bytes. The old body is never read, and the new one is stored and answered as
 * the worker encoded it: each read, conversion or serialising of a megabyte body holds the loop 10-20 ms.
 * Each table and chart the body embeds (and the saver sees) becomes related to the report, so split screen lists it;
 * a relation an embed made goes with the embed (relateEmbeds).
 */
export async function saveReport(db: Db, actor: User, input: { id: number; body: string }, options: JobOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  requireDataItemHeader(db, actor, input.id, { type: "REPORT", needed: "MODERATOR" });
  const clean = await cleanHtmlEncoded(input.body, "report", "body.body", options);
  // Asked again after the wait: the report may have been removed or the actor's rights changed meanwhile.
  const { item } = requireDataItemHeader(db, actor, input.id, { type: "REPORT", needed: "MODERATOR" });
  const presented = presentReport(db, actor, item, clean.html);
  db.transaction(() => {
    replaceDataItemBody(db, actor, item, clean.utf8);
    relateEmbedded(db, item.id, embeddedIds(clean.html), presented.blocks.map((block) => block.id));
  });
  const { body: _body, ...rest } = presented;
  return jsonWithEncoded(rest, "body", clean.json);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The base64 of a PNG data: URL within the size cap, or undefined. */
function pngOf(url: string): string | undefined {
  const base64 = PNG_DATA_URL.exec(url)?.[1];
  if (!base64) return undefined;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > REPORT_LIMITS.imageBytes || bytes.byteLength < 33) return undefined;
  return PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) && bytes.toString("latin1", 12, 16) === "IHDR" ? base64 : undefined;
}

/** The images sent for an export, checked: each for a placeholder of the report, each a PNG under the cap. */
function checkImages(images: Record<string, string>, placeholders: number[]): Map<number, string> {
  const details: ErrorDetail[] = [];
  const checked = new Map<number, string>();
  for (const [key, url] of Object.entries(images)) {
    const id = Number(key);
    const png = pngOf(url);
    if (!/^[1-9][0-9]{0,14}$/.test(key) || !placeholders.includes(id)) details.push({ path: `body.images.${key}`, message: "Not a placeholder of this report" });
    else if (!png) details.push({ path: `body.images.${key}`, message: `A PNG data: URL of at most ${REPORT_LIMITS.imageBytes} bytes` });
    else checked.set(id, png);
  }
  if (details.length) throw invalid(details.slice(0, 20), "The chart images are not valid");
  return checked;
}

function blockOf(db: Db, actor: User, item: DataItem, images: Map<number, string>): ReportBlock | undefined {
  if (item.dataType === "CHART") {
    const png = images.get(item.id);
    return png ? { kind: "chart", name: item.name, png } : undefined;
  }
  const values = tableValues(db, actor, item.id, REPORT_LIMITS.tableRows);
  const shown = values.headers.filter((header) => header.name.trim().toLowerCase() !== "url");
  return {
    kind: "table",
    name: item.name,
    headers: shown.map((header) => header.name),
    rows: values.items.map((row) => shown.map((header) => row[header.field] ?? null)),
    truncated: values.truncated,
  };
}

const MIME: Record<ExportFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * report/export: the report as PDF or DOCX, written in the job worker. Tables come from the tables
 * service as the reader sees them; charts only from the images the reader's page sent, and only for
 * placeholders the reader may see; every other placeholder is the neutral block. The worker is shared fairly
 * (`signal`: an export whose reader left is dropped or stopped).
 */
export async function exportReport(db: Db, actor: User, id: number, format: ExportFormat, images: Record<string, string>, locale: Locale, signal?: AbortSignal) {
  const { item } = requireDataItem(db, actor, id, { type: "REPORT" });
  // Cleaned again (in the worker) for the export: a body saved before report/save and data/save both used the `report` setting may hold data-* attributes, which html-to-pdfmake obeys.
  const html = await cleanHtml(item.body ?? "", "report", "body", { owner: actor.id, signal });
  const placeholders = placeholderIds(html);
  const pictures = checkImages(images, placeholders);
  const blocks: Record<string, ReportBlock> = {};
  for (const data of visibleItems(db, actor, item, placeholders)) {
    const block = blockOf(db, actor, data, pictures);
    if (block) blocks[data.id] = block;
  }
  const t = translator(locale);
  const job: ExportJob = {
    format,
    title: item.name,
    html,
    blocks,
    labels: { unavailable: t("report.unavailable"), truncated: t("report.truncated", { rows: REPORT_LIMITS.tableRows }) },
    locale,
  };
  let bytes: Uint8Array;
  try {
    bytes = await runUntrusted<Uint8Array>(new URL("./export-job.ts", import.meta.url), job, { timeoutMs: REPORT_LIMITS.exportMs, maxRssGrowthBytes: 1024 * 1024 * 1024 }, { owner: actor.id, signal });
  } catch (error) {
    if (error instanceof UntrustedJobError && (error.reason === "timeout" || error.reason === "memory")) {
      throw new AppError(413, "report_too_large", "The report is too large to export");
    }
    throw error;
  }
  audit(db, actor.id, "DOWNLOAD", `REPORT ${item.name}.${format}`, item.id);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": MIME[format],
      "content-disposition": contentDisposition("attachment", `${item.name}.${format}`),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
