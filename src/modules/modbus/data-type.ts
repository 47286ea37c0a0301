import type { DataTypePlugin } from "../data/plugin";

/**
 * MODBUS_UNIT: its device and fields in the modbus feature's own rows (modbus-unit/save), which cascade with the
 * item. data/save may still make a bare unit with a JSON `value` (nothing reads it): such a unit has no device until
 * modbus-unit/save gives it one.
 */
export const modbusUnitType: DataTypePlugin = { type: "MODBUS_UNIT", jsonValue: true };
