import type { Db } from "../../../db/client";
import type { DataItem } from "../../../db/schema";
import { publicChartDrawing } from "../charts/service";
import { findPublicDataItem } from "../data/policy";
import { newestVersion, versionHtml } from "../docs/versions";
import { PLACEHOLDER } from "../reports/placeholders";
import { pageOfRows } from "../tables/rows";
import { headersOf, urlColumnOf } from "../tables/service";
import { requirePublicItem } from "./policy";
import type { PresentedPublicData, PresentedPublicTable } from "./presenter";

/** Rows of a public table per page (the page renders the first on the server). */
export const PUBLIC_ROWS = 50;
/** Past this page a public table answers an empty page rather than scanning far. */
const MAX_PAGE = 10_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tablePart(db: Db, item: DataItem, page: number): PresentedPublicTable {
  const headers = headersOf(item);
  const hidden = urlColumnOf(headers);
  const shown = headers.map((_, c) => c).filter((c) => c !== hidden);
  const wanted = Math.min(Math.max(0, page), MAX_PAGE);
  const { rows, total } = pageOfRows(db, item.id, { offset: wanted * PUBLIC_ROWS, limit: PUBLIC_ROWS });
  return {
    headers: shown.map((c) => headers[c].name),
    rows: rows.map((row) => shown.map((c) => row.cells[c] ?? null)),
    page: wanted,
    rowsPerPage: PUBLIC_ROWS,
    totalElements: total,
  };
}

function documentPart(db: Db, item: DataItem) {
  const newest = newestVersion(db, item.id);
  if (!newest) return null;
  return { type: newest.type, name: newest.name, fileName: newest.fileName, html: newest.type === "MS_DOC" ? versionHtml(db, newest.id) : null };
}

/** A report's body with each [DATA-n] a link to item n when that item is public too, and nothing where it is not. */
function reportPart(db: Db, item: DataItem) {
  return (item.body ?? "").replace(PLACEHOLDER, (_, id: string) => {
    const embedded = findPublicDataItem(db, Number(id));
    return embedded ? `<a href="/public-data/${embedded.id}">${escapeHtml(embedded.name)}</a>` : "";
  });
}

/**
 * public-data/get and the public data page: a public item's name, description and read-only content. A chart
 * comes with its drawing when its table is public too (the charts feature computes it). The side panel of
 * layers comes with maps.
 */
export function publicData(db: Db, key: string | undefined, page = 0): { etag: string; answer: PresentedPublicData } {
  const item = requirePublicItem(db, key);
  const answer: PresentedPublicData = {
    id: item.id,
    name: item.name,
    description: item.description,
    dataType: item.dataType,
    icon: item.icon,
    table: item.dataType === "TABLE" ? tablePart(db, item, page) : null,
    document: item.dataType === "DOC" ? documentPart(db, item) : null,
    report: item.dataType === "REPORT" ? reportPart(db, item) : null,
    chart: item.dataType === "CHART" ? publicChartDrawing(db, item) : null,
  };
  return { etag: `"p${item.id}-${Bun.hash(JSON.stringify(answer)).toString(36)}"`, answer };
}
