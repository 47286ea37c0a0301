import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ALARM_STATES, FIELD_TYPES, FLOAT_ORDERS, REGISTER_KINDS } from "../../src/modules/modbus/kinds";
import { dataItems } from "./data";
import { users } from "./users";

/**
 * A MODBUS_UNIT data item's own row: the device's address (Modbus TCP), its unit (slave) id, how often it is read,
 * and what an alarm does besides posting in the unit's chat: open a task for `alarmPerformerId` when `alarmTask`,
 * reported by `alarmReporterId`, the moderator who last saved the unit.
 */
export const modbusUnits = sqliteTable("modbus_units", {
  dataId: integer("data_id").primaryKey().references(() => dataItems.id, { onDelete: "cascade" }),
  host: text("host").notNull(),
  port: integer("port").notNull().default(502),
  slaveId: integer("slave_id").notNull().default(1),
  pollMs: integer("poll_ms").notNull().default(1000),
  alarmDelayMs: integer("alarm_delay_ms").notNull().default(5000),
  alarmTask: integer("alarm_task", { mode: "boolean" }).notNull().default(false),
  alarmPerformerId: integer("alarm_performer_id").references(() => users.id, { onDelete: "set null" }),
  alarmReporterId: integer("alarm_reporter_id").references(() => users.id, { onDelete: "set null" }),
});

/** A value the unit reads: the spec's fields, then where and how it is decoded, and its alarm as last posted. */
export const modbusFields = sqliteTable(
  "modbus_fields",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    unitId: integer("unit_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    address: integer("address").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    postfix: text("postfix").notNull().default(""),
    minValue: real("min_value"),
    minThresholdValue: real("min_threshold_value"),
    maxValue: real("max_value"),
    maxThresholdValue: real("max_threshold_value"),
    dataType: text("data_type", { enum: FIELD_TYPES }).notNull().default("WORD"),
    color: text("color").notNull().default("FF0000"),
    registerKind: text("register_kind", { enum: REGISTER_KINDS }).notNull().default("HOLDING"),
    floatOrder: text("float_order", { enum: FLOAT_ORDERS }).notNull().default("ABCD"),
    scale: real("scale").notNull().default(1),
    offset: real("offset").notNull().default(0),
    indexNumber: integer("index_number").notNull().default(0),
    alarm: text("alarm", { enum: ALARM_STATES }).notNull().default("NORMAL"),
  },
  (t) => [index("modbus_fields_unit").on(t.unitId)],
);

/** Raw readings, kept for RAW_RETENTION (src/modules/modbus/retention.ts). */
export const modbusReadings = sqliteTable(
  "modbus_readings",
  {
    fieldId: integer("field_id").notNull().references(() => modbusFields.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    value: real("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.at] })],
);

/** Readings downsampled per minute (`period` 60) and per hour (3600): each bucket's minimum, maximum, mean and count. */
export const modbusAggregates = sqliteTable(
  "modbus_aggregates",
  {
    fieldId: integer("field_id").notNull().references(() => modbusFields.id, { onDelete: "cascade" }),
    period: integer("period").notNull(),
    at: integer("at").notNull(),
    min: real("min").notNull(),
    max: real("max").notNull(),
    avg: real("avg").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.period, t.at] })],
);

export type ModbusUnitRow = typeof modbusUnits.$inferSelect;
export type ModbusFieldRow = typeof modbusFields.$inferSelect;
