import type { DataType } from "../db/schema/data";
import { calcType } from "./calc/plugin";
import { chartType } from "./charts/plugin";
import type { BrowserDataType } from "./data/plugin";
import { docType } from "./docs/plugin";
import { layerType } from "./layers/plugin";
import { mapType } from "./maps/plugin";
import { modbusUnitType } from "./modbus/plugin";
import { reportType } from "./reports/plugin";
import { tableType } from "./tables/plugin";

/**
 * Every data type's browser plugin, one line per type: the only place in the browser that lists them
 * (README, "How to add a data type"). src/data-types.ts is the server's.
 */
const PLUGINS: BrowserDataType[] = [
  docType,
  tableType,
  chartType,
  calcType,
  reportType,
  mapType,
  layerType,
  modbusUnitType,
];

const byType = new Map(PLUGINS.map((plugin) => [plugin.type, plugin]));

/** The browser plugin of `type`. */
export const browserType = (type: DataType): BrowserDataType => byType.get(type)!;

/** Icons of the data types, for the pages and the islands alike. */
export const TYPE_ICONS = Object.fromEntries(PLUGINS.map((plugin) => [plugin.type, plugin.icon])) as Record<DataType, string>;

/** The types listed here, for the test that every type has exactly one. */
export const listedTypes = () => PLUGINS.map((plugin) => plugin.type);
