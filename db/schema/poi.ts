import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CHANGE_TYPES, FIELD_TYPES, GRAPH_TYPES } from "../../src/modules/poi/rules/kinds";
import { dataItems } from "./data";
import { driveFiles } from "./drive";
import { users } from "./users";

const now = sql`(unixepoch('subsec') * 1000)`;

/** How objects are drawn: colours are #RRGGBBAA. Shared by every project (an administrator's list). */
export const poiStyles = sqliteTable("poi_styles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  stroke: text("stroke").notNull().default("#FF0000FF"),
  fill: text("fill").notNull().default("#FF000030"),
  strokeWidth: real("stroke_width").notNull().default(1),
  icon: text("icon"),
  imageScale: real("image_scale").notNull().default(1),
});

/**
 * A kind of object: its geometry, default style and fields. `rules` is the JSON list of style rules
 * ({ fieldId, predicate, thresholdValue, styleId }) in order, the first matching one wins.
 */
export const poiTemplates = sqliteTable("poi_templates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  graphType: text("graph_type", { enum: GRAPH_TYPES }).notNull(),
  icon: text("icon"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  defaultStyleId: integer("default_style_id").references(() => poiStyles.id, { onDelete: "set null" }),
  rules: text("rules").notNull().default("[]"),
});

export const poiTemplateFields = sqliteTable(
  "poi_template_fields",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    templateId: integer("template_id").notNull().references(() => poiTemplates.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    index: integer("index").notNull().default(0),
    type: text("type", { enum: FIELD_TYPES }).notNull(),
    options: text("options"),
    required: integer("required", { mode: "boolean" }).notNull().default(false),
    partOfName: integer("part_of_name", { mode: "boolean" }).notNull().default(false),
    showOnMap: integer("show_on_map", { mode: "boolean" }).notNull().default(false),
    excludeFromTableView: integer("exclude_from_table_view", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("poi_template_fields_template").on(t.templateId, t.index)],
);

/** Which templates a LAYER data item offers. */
export const poiLayerTemplates = sqliteTable(
  "poi_layer_templates",
  {
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    templateId: integer("template_id").notNull().references(() => poiTemplates.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.layerId, t.templateId] }), index("poi_layer_templates_template").on(t.templateId)],
);

/**
 * A point of interest on a LAYER data item. `geometry` is GeoJSON text in EPSG:4326, `properties` a
 * JSON object of values by field id ({ "12": "Oak" }); the bounding box columns feed the R-tree poi_objects_rtree, kept by
 * triggers (migration written by hand). `version` grows on every save: a save of an older one is refused.
 */
export const poiObjects = sqliteTable(
  "poi_objects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    templateId: integer("template_id").notNull().references(() => poiTemplates.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    geometry: text("geometry").notNull(),
    properties: text("properties").notNull().default("{}"),
    minLon: real("min_lon").notNull(),
    minLat: real("min_lat").notNull(),
    maxLon: real("max_lon").notNull(),
    maxLat: real("max_lat").notNull(),
    version: integer("version").notNull().default(1),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
    modificationDate: integer("modification_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("poi_objects_layer_template").on(t.layerId, t.templateId), index("poi_objects_layer_name").on(t.layerId, sql`lower(${t.name})`)],
);

/**
 * The per-layer pyramid of cluster cells (levels 3-11: 2^L x 2^L cells over the world) with the count and the sums
 * of the centres of the objects in each, kept by triggers on poi_objects (migration poi_cells, written by hand: it
 * is WITHOUT ROWID and filled from the objects already there). Read by src/modules/poi/objects/cells.ts.
 */
export const poiCells = sqliteTable(
  "poi_cells",
  {
    layerId: integer("layer_id").notNull(),
    level: integer("level").notNull(),
    cx: integer("cx").notNull(),
    cy: integer("cy").notNull(),
    count: integer("count").notNull(),
    sumLon: real("sum_lon").notNull(),
    sumLat: real("sum_lat").notNull(),
  },
  (t) => [primaryKey({ columns: [t.layerId, t.level, t.cx, t.cy] })],
);

/**
 * Every change of an object, written in the change's transaction. It outlives the object (no foreign
 * key on objectId), so a deletion stays on record; `changes` is the JSON list of { fieldName, value }.
 */
export const poiChangelog = sqliteTable(
  "poi_changelog",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    objectId: integer("object_id").notNull(),
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    changeType: text("change_type", { enum: CHANGE_TYPES }).notNull(),
    date: integer("date", { mode: "timestamp_ms" }).notNull().default(now),
    geometry: text("geometry"),
    changes: text("changes").notNull().default("[]"),
  },
  (t) => [index("poi_changelog_object").on(t.objectId, t.id)],
);

/** A data item (a document, a table...) attached to a point of interest; gone with either of them. */
export const poiAttachedData = sqliteTable(
  "poi_attached_data",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    objectId: integer("object_id").notNull().references(() => poiObjects.id, { onDelete: "cascade" }),
    dataId: integer("data_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("poi_attached_data_object_data").on(t.objectId, t.dataId), index("poi_attached_data_data").on(t.dataId)],
);

/**
 * A file attached to a point of interest. The bytes are a drive file of the one who attached it (their quota counts
 * them): removing the object removes the link, removing the drive file removes the attachment.
 */
export const poiAttachedFiles = sqliteTable(
  "poi_attached_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    objectId: integer("object_id").notNull().references(() => poiObjects.id, { onDelete: "cascade" }),
    fileId: integer("file_id").notNull().references(() => driveFiles.id, { onDelete: "cascade" }),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("poi_attached_files_object_file").on(t.objectId, t.fileId), index("poi_attached_files_file").on(t.fileId)],
);

/** A data item bound to a feature of a layer that is not Plexus's own (ZWS, WMS), named by the feature's `sys` key. */
export const featureData = sqliteTable(
  "feature_data",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    layerId: integer("layer_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    featureSys: text("feature_sys").notNull(),
    dataId: integer("data_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("feature_data_layer_feature_data").on(t.layerId, t.featureSys, t.dataId), index("feature_data_data").on(t.dataId)],
);

export type PoiStyle = typeof poiStyles.$inferSelect;
export type PoiTemplate = typeof poiTemplates.$inferSelect;
export type PoiTemplateField = typeof poiTemplateFields.$inferSelect;
export type PoiObject = typeof poiObjects.$inferSelect;
export type PoiChange = typeof poiChangelog.$inferSelect;
