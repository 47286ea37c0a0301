import { mdiGauge } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** MODBUS_UNIT: its fields as gauges that move with the unit's live readings. */
export const modbusUnitType: BrowserDataType = {
  type: "MODBUS_UNIT",
  icon: mdiGauge,
  viewer: () => import("./viewer"),
};
