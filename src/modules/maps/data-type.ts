import type { DataTypePlugin } from "../data/plugin";

/** MAP: its view and layers in the maps feature's own rows (map/save); data/save takes none of its content. Rows cascade with the item. */
export const mapType: DataTypePlugin = { type: "MAP", content: {} };
