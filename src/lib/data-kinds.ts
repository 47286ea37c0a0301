/** The kinds and statuses of data items, without drizzle: the browser reads them too (one copy for both sides). */
export const DATA_TYPES = ["DOC", "TABLE", "LAYER", "MAP", "CHART", "CALC", "REPORT", "MODBUS_UNIT"] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const DATA_STATUSES = ["NO_DATA", "DATA_RECEIVED", "CHECKED", "NEEDS_IMPROVEMENT"] as const;
export type DataStatus = (typeof DATA_STATUSES)[number];
