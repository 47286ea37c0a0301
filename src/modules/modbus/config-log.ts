import type { ModbusFieldRow, ModbusUnitRow } from "../../../db/schema";
import { addressOf } from "./presenter";

const UNIT_KEYS = ["slaveId", "pollMs", "alarmDelayMs", "alarmTask", "alarmPerformerId"] as const;
const FIELD_KEYS = [
  "address", "name", "description", "postfix", "minValue", "minThresholdValue", "maxValue", "maxThresholdValue", "dataType", "color", "registerKind", "floatOrder", "scale", "offset",
] as const;

const shown = (value: unknown) => (value === null || value === undefined ? "-" : String(value));

/** The activity log's words for what a save changed in a unit's device settings and fields ("pollMs 1000 → 500", "field 3 Pressure added"). */
export function configChanges(before: ModbusUnitRow | undefined, beforeFields: ModbusFieldRow[], after: ModbusUnitRow, afterFields: ModbusFieldRow[]): string[] {
  const lines: string[] = [];
  const address = addressOf(after);
  if (!before || addressOf(before) !== address) lines.push(`address ${before ? addressOf(before) : "-"} → ${address}`);
  for (const key of UNIT_KEYS) if (before && before[key] !== after[key]) lines.push(`${key} ${shown(before[key])} → ${shown(after[key])}`);
  const old = new Map(beforeFields.map((field) => [field.id, field]));
  for (const field of afterFields) {
    const was = old.get(field.id);
    old.delete(field.id);
    if (!was) {
      lines.push(`field ${field.id} ${field.name} added`);
      continue;
    }
    for (const key of FIELD_KEYS) if (was[key] !== field[key]) lines.push(`field ${field.id} ${key} ${shown(was[key])} → ${shown(field[key])}`);
  }
  for (const gone of old.values()) lines.push(`field ${gone.id} ${gone.name} removed`);
  return lines;
}
