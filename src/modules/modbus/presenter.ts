import { t, type Static } from "elysia";
import { viewedItemFields } from "../data/presenter";
import type { DataItem, ModbusFieldRow, ModbusUnitRow } from "../../../db/schema";
import { integer } from "../../lib/schema";
import { FIELD_TYPES, FLOAT_ORDERS, REGISTER_KINDS } from "./kinds";

const bound = t.Nullable(t.Number());

const fieldSchema = t.Object({
  id: integer(),
  address: integer(),
  name: t.String(),
  description: t.String(),
  postfix: t.String(),
  minValue: bound,
  minThresholdValue: bound,
  maxValue: bound,
  maxThresholdValue: bound,
  dataType: t.UnionEnum(FIELD_TYPES),
  color: t.String(),
  registerKind: t.UnionEnum(REGISTER_KINDS),
  floatOrder: t.UnionEnum(FLOAT_ORDERS),
  scale: t.Number(),
  offset: t.Number(),
});

/** A device unit as its page needs it: the item's fields, the device's address and settings, and its fields in order. */
export const unitSchema = t.Object({
  ...viewedItemFields,
  ipAddress: t.String(),
  slaveId: integer(),
  pollPeriod: integer(),
  alarmDelay: integer(),
  alarmTask: t.Boolean(),
  alarmPerformer: t.Nullable(t.Object({ id: integer() })),
  fields: t.Array(fieldSchema),
});
export type PresentedUnit = Static<typeof unitSchema>;

/** "host:port", with IPv6 hosts in brackets. */
export const addressOf = (row: Pick<ModbusUnitRow, "host" | "port">) => `${row.host.includes(":") ? `[${row.host}]` : row.host}:${row.port}`;

export function presentUnit(item: DataItem, row: ModbusUnitRow, fields: ModbusFieldRow[]): PresentedUnit {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    icon: item.icon,
    projectId: item.projectId,
    isActive: item.isActive,
    ipAddress: addressOf(row),
    slaveId: row.slaveId,
    pollPeriod: row.pollMs,
    alarmDelay: row.alarmDelayMs,
    alarmTask: row.alarmTask,
    alarmPerformer: row.alarmPerformerId ? { id: row.alarmPerformerId } : null,
    fields: fields.map(({ unitId: _, indexNumber: __, alarm: ___, ...field }) => field),
  };
}

const reading = t.Object({
  fieldId: integer(),
  date: t.Nullable(integer()),
  value: t.Nullable(t.Number()),
  /** A FLOAT's two registers as last read, and what they give in each byte order. */
  registers: t.Optional(t.Array(integer())),
  preview: t.Optional(t.Record(t.String(), t.Number())),
});

/** modbus-reader/get-last-data: whether the device answers (null: nobody polls it here), when it last did, and each field's last reading. */
export const lastDataSchema = t.Object({ unitId: integer(), online: t.Nullable(t.Boolean()), lastSeen: t.Nullable(integer()), readings: t.Array(reading) });
export type LastData = Static<typeof lastDataSchema>;

/** A chart's history: the resolution read (raw readings, or per-minute or per-hour aggregates) and each field's points. */
export const historySchema = t.Object({
  resolution: t.UnionEnum(["RAW", "MINUTE", "HOUR"]),
  from: integer(),
  to: integer(),
  series: t.Array(t.Object({ fieldId: integer(), points: t.Array(t.Object({ date: integer(), value: t.Number(), min: t.Number(), max: t.Number() })) })),
});
export type History = Static<typeof historySchema>;
