import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { modbusAggregates, modbusReadings, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalid } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { floatPreview } from "./decode";
import { pollerOf } from "./poller-registry";
import type { History, LastData } from "./presenter";
import { RETENTION } from "./retention";
import { fieldsOf } from "./service";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest range answered from each resolution: about 3,600 raw points, 4,320 minutes, then hours. */
const RAW_SPAN = HOUR;
const MINUTE_SPAN = 3 * DAY;
const HOUR_SPAN = 366 * DAY;

/**
 * modbus-reader/get-last-data: each field's last reading, from the poller when it polls the unit here (with a
 * FLOAT's registers and their value in each byte order), else from the store; whoever may open the unit.
 */
export function lastData(ctx: AppContext, actor: User, unitId: number): LastData {
  const { item } = requireDataItem(ctx.db, actor, unitId, { type: "MODBUS_UNIT" });
  const state = pollerOf(ctx)?.stateOf(item.id);
  const readings = fieldsOf(ctx.db, item.id).map((field) => {
    const live = state?.readings.get(field.id);
    if (live) return { fieldId: field.id, date: live.at, value: live.value, ...(live.registers ? { registers: live.registers, preview: floatPreview(live.registers) } : {}) };
    const stored = ctx.db.select().from(modbusReadings).where(eq(modbusReadings.fieldId, field.id)).orderBy(desc(modbusReadings.at)).limit(1).get();
    return { fieldId: field.id, date: stored?.at ?? null, value: stored?.value ?? null };
  });
  const lastSeen = state?.lastSeen ?? readings.reduce<number | null>((latest, r) => (r.date !== null && (latest === null || r.date > latest) ? r.date : latest), null);
  return { unitId: item.id, online: state?.online ?? null, lastSeen, readings };
}

/** The resolution a chart's range reads: raw for an hour still kept raw, minutes up to three days still kept, hours beyond. */
function resolutionFor(from: number, to: number, now: number): History["resolution"] {
  if (to - from <= RAW_SPAN && from >= now - RETENTION.raw) return "RAW";
  if (to - from <= MINUTE_SPAN && from >= now - RETENTION.minute) return "MINUTE";
  return "HOUR";
}

/** modbus-reader/history: each field's points from `from` to `to` (the last hour when left out) at the resolution the range needs; at most a year. */
export function readHistory(db: Db, actor: User, unitId: number, range: { from?: number; to?: number }, now = Date.now()): History {
  const { item } = requireDataItem(db, actor, unitId, { type: "MODBUS_UNIT" });
  const to = range.to ?? now;
  const from = range.from ?? to - HOUR;
  if (from > to) throw invalid([{ path: "query.from", message: "modbus.rangeReversed", code: "modbus.rangeReversed" }]);
  if (to - from > HOUR_SPAN) throw invalid([{ path: "query.from", message: "modbus.rangeTooLong", code: "modbus.rangeTooLong" }]);
  const resolution = resolutionFor(from, to, now);
  const series = fieldsOf(db, item.id).map((field) => {
    if (resolution === "RAW") {
      const rows = db.select().from(modbusReadings).where(and(eq(modbusReadings.fieldId, field.id), gte(modbusReadings.at, from), lte(modbusReadings.at, to))).orderBy(asc(modbusReadings.at)).all();
      return { fieldId: field.id, points: rows.map((r) => ({ date: r.at, value: r.value, min: r.value, max: r.value })) };
    }
    const period = resolution === "MINUTE" ? 60 : 3600;
    const bucket = and(eq(modbusAggregates.fieldId, field.id), eq(modbusAggregates.period, period), gte(modbusAggregates.at, from - (from % (period * 1000))), lte(modbusAggregates.at, to));
    const rows = db.select().from(modbusAggregates).where(bucket).orderBy(asc(modbusAggregates.at)).all();
    return { fieldId: field.id, points: rows.map((r) => ({ date: r.at, value: r.avg, min: r.min, max: r.max })) };
  });
  return { resolution, from, to, series };
}
