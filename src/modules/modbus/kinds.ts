/** A field's value type: WORD (unsigned 16 bits, the default), FLOAT (32 bits over two registers) or BOOLEAN. */
export const FIELD_TYPES = ["WORD", "FLOAT", "BOOLEAN"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Where a field is read: holding or input registers, or coils or discrete inputs (BOOLEAN only). */
export const REGISTER_KINDS = ["HOLDING", "INPUT", "COIL", "DISCRETE"] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

/**
 * The byte order of a FLOAT's four bytes as the device sends them, A the most significant: ABCD big-endian
 * (the Modbus default), CDAB word-swapped, BADC byte-swapped, DCBA little-endian.
 */
export const FLOAT_ORDERS = ["ABCD", "CDAB", "BADC", "DCBA"] as const;
export type FloatOrder = (typeof FLOAT_ORDERS)[number];

/** A field's alarm as last posted: inside the band, or below the minimum threshold, or above the maximum. */
export const ALARM_STATES = ["NORMAL", "LOW", "HIGH"] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
