import type { Db } from "../../../db/client";
import type { DataItem } from "../../../db/schema";
import { translator, type Locale } from "../../lib/i18n";
import { findPublicDataItem } from "../data/policy";
import { publicChartDrawing } from "../charts/service";
import { publicTable } from "../tables/public-table";
import { REPORT_LIMITS } from "./limits";
import { PLACEHOLDER } from "./placeholders";

/** Rows of a public table shown in a public report; the whole table is a link away. */
const EMBED_ROWS = 20;

const ALONE = /<p>\s*(\[DATA-[1-9][0-9]{0,14}\])\s*<\/p>/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Cell = string | number | null;

function tableHtml(headers: string[], rows: Cell[][], locale: Locale) {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const cell = (value: Cell) => escapeHtml(typeof value === "number" ? numbers.format(value) : (value ?? ""));
  const head = `<tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("")}</tr>`;
  return `<div class="pub__table"><table><thead>${head}</thead><tbody>${rows.map((row) => `<tr>${row.map((v) => `<td>${cell(v)}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`;
}

/**
 * A public TABLE's first rows, or a public CHART's numbers (labels by series: the chart is drawn on its own public
 * page, which the name links to), under the item's name; a chart that cannot be drawn shows the name alone.
 */
async function embedHtml(db: Db, item: DataItem, locale: Locale): Promise<string> {
  const t = translator(locale);
  const caption = `<figcaption><a href="/public-data/${item.id}">${escapeHtml(item.name)}</a></figcaption>`;
  let content = "";
  if (item.dataType === "TABLE") {
    const table = publicTable(db, item, { page: 0, rowsPerPage: EMBED_ROWS });
    const more = table.totalElements > table.rows.length ? `<p><em>${escapeHtml(t("report.truncated", { rows: table.rows.length }))}</em></p>` : "";
    content = tableHtml(table.headers, table.rows, locale) + more;
  } else {
    const drawing = await publicChartDrawing(db, item, locale);
    if (drawing && !drawing.tableMissing && !drawing.missing.length && drawing.labels.length) {
      const rows = drawing.labels.map((label, i): Cell[] => [label, ...drawing.datasets.map((set) => set.data[i] ?? null)]);
      content = tableHtml(["", ...drawing.datasets.map((set) => set.label)], rows, locale);
    }
  }
  return `<figure class="pub-embed pub-embed--${item.dataType.toLowerCase()}">${caption}${content}</figure>`;
}

/**
 * A public report's body with each [DATA-n] in its text (never inside a tag) replaced by item n's content when that
 * item is a public table or chart, and by a neutral note otherwise, which names nothing.
 */
export async function publicReport(db: Db, item: DataItem, locale: Locale): Promise<string> {
  const note = `<em class="pub-embed pub-embed--none">${escapeHtml(translator(locale)("report.unavailable"))}</em>`;
  let embeds = 0;
  const replace = async (text: string) => {
    let out = "";
    let from = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      const embedded = ++embeds <= REPORT_LIMITS.placeholders ? findPublicDataItem(db, Number(match[1])) : undefined;
      out += text.slice(from, match.index) + (embedded && (embedded.dataType === "TABLE" || embedded.dataType === "CHART") ? await embedHtml(db, embedded, locale) : note);
      from = match.index + match[0].length;
    }
    return out + text.slice(from);
  };
  // Tags and text alternate: the sanitiser escapes "<" and ">" inside attribute values.
  // A paragraph holding one placeholder alone gives way to the block (a figure may not sit in a paragraph).
  const body = (item.body ?? "").replace(ALONE, "$1");
  let html = "";
  for (const [i, piece] of body.split(/(<[^>]*>)/).entries()) html += i % 2 ? piece : await replace(piece);
  return html;
}
