import type { Statement } from "bun:sqlite";
import type { Db } from "../../../db/client";
import { PERIODS } from "./retention";

/** Open buckets are written every this many flushes (ten seconds at the poller's pace): what a crash may lose of them. */
const OPEN_EVERY = 10;

interface Bucket {
  fieldId: number;
  period: number;
  at: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * Keeps readings: raw rows, and each minute's and hour's minimum, maximum and mean as they come, so no later pass
 * reads the raw rows again. A `flush` (the poller's, every second) writes the raw rows and the buckets that closed in
 * one transaction; buckets still open wait for every OPEN_EVERY-th flush, or a full one (a stop), since writing each
 * one every second cost more than the raw rows. An aggregate row is merged with what is stored, so a bucket split by
 * a flush or a restart adds up. Readings of a field removed meanwhile are dropped.
 */
export class ReadingRecorder {
  #raw: [number, number, number][] = [];
  /** The open bucket of each field and period, by fieldId × periods + the period's index; `#closed` those a new one replaced. */
  #buckets = new Map<number, Bucket>();
  #closed: Bucket[] = [];
  #flushes = 0;
  readonly #insertRaw: Statement;
  readonly #mergeAggregate: Statement;

  constructor(private readonly db: Db) {
    this.#insertRaw = db.$client.prepare(
      "insert or ignore into modbus_readings (field_id, at, value) select ?1, ?2, ?3 where exists (select 1 from modbus_fields where id = ?1)",
    );
    this.#mergeAggregate = db.$client.prepare(
      `insert into modbus_aggregates (field_id, period, at, min, max, avg, count)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7 where exists (select 1 from modbus_fields where id = ?1)
       on conflict (field_id, period, at) do update set min = min(min, excluded.min), max = max(max, excluded.max),
         avg = (avg * count + excluded.avg * excluded.count) / (count + excluded.count), count = count + excluded.count`,
    );
  }

  add(fieldId: number, at: number, value: number) {
    this.#raw.push([fieldId, at, value]);
    PERIODS.forEach((seconds, i) => {
      const start = at - (at % (seconds * 1000));
      const key = fieldId * PERIODS.length + i;
      const bucket = this.#buckets.get(key);
      if (bucket?.at === start) {
        bucket.min = Math.min(bucket.min, value);
        bucket.max = Math.max(bucket.max, value);
        bucket.sum += value;
        bucket.count++;
        return;
      }
      if (bucket) this.#closed.push(bucket);
      this.#buckets.set(key, { fieldId, period: seconds, at: start, min: value, max: value, sum: value, count: 1 });
    });
  }

  /** Writes what was buffered (`full`: the open buckets too); answers the raw readings written. */
  flush(full = false): number {
    const raw = this.#raw;
    const open = full || ++this.#flushes % OPEN_EVERY === 0;
    const buckets = open ? [...this.#closed, ...this.#buckets.values()] : this.#closed;
    if (!raw.length && !buckets.length) return 0;
    this.#raw = [];
    this.#closed = [];
    if (open) this.#buckets.clear();
    this.db.$client.transaction(() => {
      for (const row of raw) this.#insertRaw.run(...row);
      for (const b of buckets) this.#mergeAggregate.run(b.fieldId, b.period, b.at, b.min, b.max, b.sum / b.count, b.count);
    })();
    return raw.length;
  }
}
