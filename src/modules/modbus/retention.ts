import type { Db } from "../../../db/client";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long readings are kept (README, "Device units: readings and their retention"): every raw reading for a day,
 * then the per-minute minimum, maximum and mean for 30 days, and the per-hour ones for five years.
 */
export const RETENTION = { raw: DAY, minute: 30 * DAY, hour: 5 * 365 * DAY };

/** The aggregate periods in seconds. */
export const PERIODS = [60, 3600] as const;

/**
 * Drops what is past its retention, field by field (each delete walks the primary key of one field, never the
 * whole table); answers the rows removed.
 */
export function pruneReadings(db: Db, now = Date.now()): number {
  const raw = db.$client.prepare("delete from modbus_readings where field_id = ? and at < ?");
  const aggregates = db.$client.prepare("delete from modbus_aggregates where field_id = ? and period = ? and at < ?");
  let removed = 0;
  for (const { id } of db.$client.query<{ id: number }, []>("select id from modbus_fields").all()) {
    removed += raw.run(id, now - RETENTION.raw).changes;
    removed += aggregates.run(id, 60, now - RETENTION.minute).changes;
    removed += aggregates.run(id, 3600, now - RETENTION.hour).changes;
  }
  return removed;
}
