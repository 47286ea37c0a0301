import type { ViewerContext } from "../viewers/registry";
import { adoptModbusStyles } from "./styles";
import { UnitViewer } from "./UnitViewer";

// This module comes only when a device unit is first shown, in the browser: its styles come with it.
adoptModbusStyles();

/** The MODBUS_UNIT viewer (islands/viewers/registry.ts): the data page, split screen and the SENSOR widget. */
export default function ModbusUnitViewer(context: ViewerContext) {
  return <UnitViewer {...context} />;
}
