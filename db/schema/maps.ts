import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LAYER_KINDS, TILE_PROJECTIONS } from "../../src/modules/layers/kinds";
import { dataItems } from "./data";

export { LAYER_KINDS, TILE_PROJECTIONS, type LayerKind, type TileProjection } from "../../src/modules/layers/kinds";

/**
 * A MAP data item's own row: its view (`position`, JSON text with center, zoom and extent) and the map it
 * inherits its layers and settings from (an inheriting view has no layers of its own).
 */
export const maps = sqliteTable(
  "maps",
  {
    dataId: integer("data_id").primaryKey().references(() => dataItems.id, { onDelete: "cascade" }),
    position: text("position").notNull(),
    parentMapId: integer("parent_map_id").references(() => dataItems.id, { onDelete: "set null" }),
  },
  (t) => [index("maps_parent").on(t.parentMapId)],
);

/** A layer on a map: shown or not, its place in the order, and its active themes and labels (comma-separated ids). */
export const mapLayers = sqliteTable(
  "map_layers",
  {
    mapId: integer("map_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    visible: integer("visible", { mode: "boolean" }).notNull().default(true),
    indexNumber: integer("index_number").notNull().default(0),
    themes: text("themes").notNull().default(""),
    labels: text("labels").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.mapId, t.layerId] }), index("map_layers_layer").on(t.layerId)],
);

/** A LAYER data item's own row: its kind and, for XYZ, the tile address template and its projection. */
export const layers = sqliteTable(
  "layers",
  {
    dataId: integer("data_id").primaryKey().references(() => dataItems.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LAYER_KINDS }).notNull(),
    url: text("url"),
    projection: text("projection", { enum: TILE_PROJECTIONS }).notNull().default("EPSG:3857"),
    visible: integer("visible", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [index("layers_kind").on(t.kind), check("layers_xyz_url", sql`${t.kind} <> 'XYZ' or ${t.url} is not null`)],
);

/** Layer data kept by layer and key for the ZWS layers of a later issue (zws/buffer). */
export const zwsBuffer = sqliteTable(
  "zws_buffer",
  {
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.layerId, t.key] })],
);

export type MapRow = typeof maps.$inferSelect;
export type MapLayerRow = typeof mapLayers.$inferSelect;
export type LayerRow = typeof layers.$inferSelect;
