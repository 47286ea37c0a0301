/** Icons of the data types, from their browser plugins (islands/data-types.ts). */
export { TYPE_ICONS } from "../data-types";
