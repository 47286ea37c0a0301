import type { DataType } from "../db/schema";
import { calcType } from "./modules/calc/data-type";
import { chartType } from "./modules/charts/data-type";
import type { DataTypePlugin } from "./modules/data/plugin";
import { docType } from "./modules/docs/data-type";
import { layerType } from "./modules/layers/data-type";
import { mapType } from "./modules/maps/data-type";
import { modbusUnitType } from "./modules/modbus/data-type";
import { reportType } from "./modules/reports/data-type";
import { tableType } from "./modules/tables/data-type";

/**
 * Every data type's server plugin, one line per type: the only place that lists them (README, "How to add a data
 * type"). A function, because the type modules import data/ and may be loaded before this file is.
 */
const plugins = (): DataTypePlugin[] => [
  docType,
  tableType,
  chartType,
  calcType,
  reportType,
  mapType,
  layerType,
  modbusUnitType,
];

let byType: Map<DataType, DataTypePlugin> | undefined;

/** The plugin of `type`; a value that is no type (input not yet validated) is a plain item. */
export function dataTypeOf(type: DataType): DataTypePlugin {
  byType ??= new Map(plugins().map((plugin) => [plugin.type, plugin]));
  return byType.get(type) ?? { type };
}

/** Every plugin that gives `key`, for the places that ask all types at once (list filters, the search index). */
export const pluginsWith = <K extends keyof DataTypePlugin>(key: K) => plugins().filter((plugin) => plugin[key] !== undefined) as (DataTypePlugin & Required<Pick<DataTypePlugin, K>>)[];
