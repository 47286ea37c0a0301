/**
 * A chart's summary of its table (types.ts, ChartSummary): every row is read, a slice at a time, into
 * running totals per label, series and value column; then labels are ordered (dates in time, with the
 * empty buckets between them; text as first met), cut to the top N or the label cap with the rest added
 * up as "Other", and each total turned into the number the operation asks for.
 */
import { bucketFor, bucketStart, dateOfCell, nextBucket, type DateBucket } from "../../lib/cell-dates";
import type { Cell } from "../tables/cells";
import { CHART_LIMITS } from "./limits";
import type { ChartSummary, SummaryOp } from "./types";

/** What summarise() needs of the settings, with columns as indexes into a row's cells. */
export interface SummaryPlan {
  summary: ChartSummary;
  label: number;
  /** index null: the row itself, so COUNT counts rows (a count needs no value column). */
  values: { name: string; index: number | null }[];
  series: number | undefined;
  /** The word for the labels and series added up together, in the reader's language. */
  other: string;
  locale: string;
  /** Reads a cell as a number, or null (the same reader the per-row drawing uses). */
  numberOf: (cell: Cell | undefined) => number | null;
}

export interface Summarised {
  labels: string[];
  datasets: { label: string; data: (number | null)[] }[];
  /** Rows left out: a label that is no date on a date axis. */
  skipped: number;
  bucket: DateBucket | null;
}

/** Running totals of one value column for one label and series. */
class Total {
  sum = 0;
  numbers = 0;
  filled = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  add(cell: Cell | undefined, number: number | null) {
    if (cell !== null && cell !== undefined && cell !== "") this.filled++;
    if (number === null) return;
    this.sum += number;
    this.numbers++;
    this.min = Math.min(this.min, number);
    this.max = Math.max(this.max, number);
  }

  merge(other: Total) {
    this.sum += other.sum;
    this.numbers += other.numbers;
    this.filled += other.filled;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
  }

  /** The number drawn; a label with no numbers draws a gap, except that a count or sum of nothing is 0. */
  result(op: SummaryOp): number | null {
    if (op === "COUNT") return this.filled;
    if (!this.numbers) return op === "SUM" ? 0 : null;
    if (op === "SUM") return this.sum;
    if (op === "AVG") return this.sum / this.numbers;
    return op === "MIN" ? this.min : this.max;
  }
}

/** The label or series that stands for all those added up together: never equal to a cell's text. */
const OTHER = Symbol("other");
/** A label is a cell's text, a bucket's start (ms) on a date axis, or OTHER; a series is a cell's text or OTHER. */
type LabelKey = string | number | typeof OTHER;
type SeriesKey = string | typeof OTHER;
/** Per label, per series: one Total per value column. */
type Totals = Map<LabelKey, Map<SeriesKey, Total[]>>;

function totalsOf(totals: Totals, label: LabelKey, series: SeriesKey, width: number): Total[] {
  let bySeries = totals.get(label);
  if (!bySeries) totals.set(label, (bySeries = new Map()));
  let row = bySeries.get(series);
  if (!row) bySeries.set(series, (row = Array.from({ length: width }, () => new Total())));
  return row;
}

/** Adds up the labels `groups` into one, under the label `into`. */
function mergeInto(totals: Totals, groups: LabelKey[], into: LabelKey, width: number) {
  for (const key of groups) {
    if (key === into) continue;
    for (const [series, row] of totals.get(key) ?? []) totalsOf(totals, into, series, width).forEach((total, i) => total.merge(row[i]!));
    totals.delete(key);
  }
}

/** The size of a label or series for ranking: the first value column's result, summed over what it holds. */
const weight = (rows: Iterable<Total[]>, op: SummaryOp) => {
  let sum = 0;
  for (const row of rows) sum += Math.abs(row[0]?.result(op) ?? 0);
  return sum;
};

/** Reads every row into totals: labels by day when they are dates on a date axis, else by their text. */
async function collect(rows: AsyncIterable<Cell[][]>, plan: SummaryPlan) {
  const totals: Totals = new Map();
  const onDates = plan.summary.bucket !== null;
  let skipped = 0;
  for await (const slice of rows) {
    for (const cells of slice) {
      const text = String(cells[plan.label] ?? "");
      const day = onDates ? dateOfCell(text) : undefined;
      if (onDates && day === undefined) {
        skipped++;
        continue;
      }
      const label = day === undefined ? text : bucketStart(day, "DAY");
      const series = plan.series === undefined ? "" : String(cells[plan.series] ?? "");
      const row = totalsOf(totals, label, series, plan.values.length);
      plan.values.forEach((value, i) => {
        const cell = value.index === null ? 1 : cells[value.index];
        row[i]!.add(cell, plan.numberOf(cell));
      });
    }
  }
  return { totals, skipped };
}

/** Date labels grouped into buckets, in time, the empty buckets between them included. */
function dateLabels(totals: Totals, plan: SummaryPlan): { keys: number[]; bucket: DateBucket } {
  const days = [...totals.keys()] as number[];
  if (!days.length) return { keys: [], bucket: "DAY" };
  const first = Math.min(...days);
  const last = Math.max(...days);
  const asked = plan.summary.bucket;
  const bucket = !asked || asked === "AUTO" ? bucketFor(first, last, CHART_LIMITS.buckets) : asked;
  const byBucket = new Map<number, number[]>();
  for (const day of days) {
    const start = bucketStart(day, bucket);
    byBucket.set(start, [...(byBucket.get(start) ?? []), day]);
  }
  const keys: number[] = [];
  for (let start = bucketStart(first, bucket); start <= last; start = nextBucket(start, bucket)) {
    mergeInto(totals, byBucket.get(start) ?? [], start, plan.values.length);
    keys.push(start);
  }
  return { keys, bucket };
}

/** Text labels as first met, or the top N largest first; past N or the label cap, the rest added up as OTHER. */
function textLabels(totals: Totals, plan: SummaryPlan): LabelKey[] {
  const keys = [...totals.keys()];
  const { top, op } = plan.summary;
  const keep = top ?? CHART_LIMITS.labels - 1;
  const ranked = top ? [...keys].sort((a, b) => weight(totals.get(b)!.values(), op) - weight(totals.get(a)!.values(), op)) : keys;
  if (keys.length <= keep + 1) return ranked;
  mergeInto(totals, ranked.slice(keep), OTHER, plan.values.length);
  return [...ranked.slice(0, keep), OTHER];
}

/** The series in the order first met, those past the cap (the smallest) added up as OTHER. */
function seriesOf(totals: Totals, plan: SummaryPlan): SeriesKey[] {
  const bySeries = new Map<SeriesKey, Total[][]>();
  for (const rows of totals.values()) for (const [series, row] of rows) bySeries.set(series, [...(bySeries.get(series) ?? []), row]);
  const names = [...bySeries.keys()];
  if (names.length <= CHART_LIMITS.series) return names;
  const ranked = [...names].sort((a, b) => weight(bySeries.get(b)!, plan.summary.op) - weight(bySeries.get(a)!, plan.summary.op));
  const kept = new Set(ranked.slice(0, CHART_LIMITS.series - 1));
  for (const [label, rows] of totals) {
    for (const [series, row] of [...rows]) {
      if (kept.has(series)) continue;
      totalsOf(totals, label, OTHER, plan.values.length).forEach((total, i) => total.merge(row[i]!));
      rows.delete(series);
    }
  }
  return [...names.filter((name) => kept.has(name)), OTHER];
}

function formatBucket(start: number, bucket: DateBucket, locale: string) {
  const options: Intl.DateTimeFormatOptions = bucket === "MONTH" ? { month: "short", year: "numeric", timeZone: "UTC" } : { dateStyle: "short", timeZone: "UTC" };
  return new Intl.DateTimeFormat(locale, options).format(start);
}

export async function summarise(rows: AsyncIterable<Cell[][]>, plan: SummaryPlan): Promise<Summarised> {
  const { totals, skipped } = await collect(rows, plan);
  const dates = plan.summary.bucket !== null ? dateLabels(totals, plan) : undefined;
  const keys = dates ? dates.keys : textLabels(totals, plan);
  const series: SeriesKey[] = plan.series === undefined ? [""] : seriesOf(totals, plan);
  const { op } = plan.summary;
  const nameOf = (key: SeriesKey) => (key === OTHER ? plan.other : key);
  const datasets = plan.values.flatMap((value, i) =>
    series.map((name) => ({
      label: plan.series === undefined ? value.name : plan.values.length > 1 ? `${value.name} · ${nameOf(name)}` : nameOf(name),
      data: keys.map((key) => totals.get(key)?.get(name)?.[i]?.result(op) ?? (op === "SUM" || op === "COUNT" ? 0 : null)),
    })),
  );
  const labels = keys.map((key) => (key === OTHER ? plan.other : typeof key === "number" ? formatBucket(key, dates!.bucket, plan.locale) : key));
  return { labels, datasets, skipped, bucket: dates?.bucket ?? null };
}
