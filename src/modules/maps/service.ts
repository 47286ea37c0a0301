import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { mapLayers, maps, type DataItem, type User } from "../../../db/schema";
import { forbidden, invalid, type ErrorDetail } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { findDataItem, requireDataItem } from "../data/policy";
import { itemCards } from "../data/readable";
import { saveDataItem } from "../data/service";
import { layerRowsOf, presentLayers, readableItemsOf } from "../layers/service";
import { requireProjectRole } from "../projects/policy";
import { panoramaTemplate } from "../settings/service";
import type { MapSaveInput } from "./model";
import { DEFAULT_POSITION, readPosition } from "./position";
import type { PresentedMap } from "./presenter";

const mapRowOf = (db: Executor, id: number) => db.select().from(maps).where(eq(maps.dataId, id)).get();

/** The layer configs of map `mapId` whose layers the reader may open, in order. */
const readableConfigs = (db: Db, actor: User, mapId: number, projectId: number) =>
  db
    .select()
    .from(mapLayers)
    .where(and(eq(mapLayers.mapId, mapId), inArray(mapLayers.layerId, readableItemsOf(db, actor, projectId))))
    .orderBy(asc(mapLayers.indexNumber), asc(mapLayers.layerId))
    .all();

/** The map `item` as the reader sees it: the layers shown are those the reader may open (an inheriting view's come from its parent). */
function presentMap(db: Db, actor: User, item: DataItem): PresentedMap {
  const row = mapRowOf(db, item.id);
  const parent = row?.parentMapId ? findDataItem(db, row.parentMapId) : undefined;
  const configs = readableConfigs(db, actor, parent?.id ?? item.id, item.projectId);
  const layers = new Map(presentLayers(db, configs.map((config) => config.layerId)).map((layer) => [layer.id, layer]));
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    icon: item.icon,
    projectId: item.projectId,
    isActive: item.isActive,
    position: row?.position ?? JSON.stringify(DEFAULT_POSITION),
    parentMap: parent ? { id: parent.id, name: parent.name } : null,
    inherited: Boolean(parent),
    layerConfigList: configs.flatMap(({ layerId, visible, indexNumber, themes, labels }) => {
      const layer = layers.get(layerId);
      return layer ? [{ layer, visible, indexNumber, themes, labels }] : [];
    }),
    panorama: panoramaTemplate(db),
  };
}

/** map/get and the map page: the map `id` with its view and layers; whoever may open it. */
export function mapForPage(db: Db, actor: User, id: number): PresentedMap {
  return presentMap(db, actor, requireDataItem(db, actor, id, { type: "MAP" }).item);
}

type Config = NonNullable<MapSaveInput["layerConfigList"]>[number];

/** The layer configs to store: each a layer of the map's project with a kind, which the saver may open, once. */
function checkedConfigs(db: Db, actor: User, projectId: number, list: Config[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<number>();
  const rows = layerRowsOf(db, list.map((config) => config.layer.id));
  list.forEach((config, i) => {
    const path = `body.layerConfigList.${i}.layer.id`;
    const id = config.layer.id;
    let inProject = false;
    try {
      inProject = requireDataItem(db, actor, id, { type: "LAYER" }).item.projectId === projectId;
    } catch {
      // A layer the saver may not open reads as one that does not exist.
    }
    if (!inProject || !rows.has(id)) details.push({ path, message: "A layer of the map's project" });
    else if (seen.has(id)) details.push({ path, message: "Each layer once" });
    seen.add(id);
  });
  return details;
}

/**
 * The parent an inheriting view may name: ADMIN only; a map of the same project that has no parent itself, not
 * the map being saved, nor a map others inherit from; the view then has no layers of its own.
 */
function checkedParent(db: Db, actor: User, input: MapSaveInput, role: string): ErrorDetail[] {
  const parentId = input.parentMap?.id;
  if (!parentId) return [];
  if (!hasRank(role, "ADMIN")) throw forbidden();
  const path = "body.parentMap.id";
  let parent: DataItem | undefined;
  try {
    parent = requireDataItem(db, actor, parentId, { type: "MAP" }).item;
  } catch {
    // As for layers: a map the saver may not open is one that does not exist.
  }
  if (!parent || parent.projectId !== input.project.id) return [{ path, message: "A map of the same project" }];
  if (parent.id === input.id) return [{ path, message: "A map cannot inherit from itself" }];
  if (mapRowOf(db, parent.id)?.parentMapId) return [{ path, message: "The parent must be a map without a parent" }];
  if (input.id && db.select({ id: maps.dataId }).from(maps).where(eq(maps.parentMapId, input.id)).get()) return [{ path, message: "Other maps inherit from this one" }];
  if (input.layerConfigList?.length) return [{ path: "body.layerConfigList", message: "An inheriting view has no layers of its own" }];
  return [];
}

/**
 * map/save: creates a MAP item (id empty or 0: save-as) or updates one, with its view and layers, in one
 * transaction; MODERATOR in the project, ADMIN to set or clear a parent. Left out, the view takes the defaults
 * (a new map) or stays; the layers are replaced when given; parentMap left out keeps the parent, null clears it.
 */
export function saveMap(db: Db, actor: User, input: MapSaveInput): PresentedMap {
  const { role } = requireProjectRole(db, actor, input.project.id, "MODERATOR");
  const existing = input.id ? requireDataItem(db, actor, input.id, { type: "MAP", needed: "MODERATOR" }).item : undefined;
  const row = existing ? mapRowOf(db, existing.id) : undefined;
  if (input.parentMap === null && row?.parentMapId && !hasRank(role, "ADMIN")) throw forbidden();
  const parentMapId = input.parentMap === undefined ? (row?.parentMapId ?? null) : (input.parentMap?.id ?? null);
  const { position, problems } = readPosition(input.position ?? row?.position);
  const details = [...problems, ...checkedParent(db, actor, input, role), ...checkedConfigs(db, actor, input.project.id, input.layerConfigList ?? [])];
  if (parentMapId && input.parentMap === undefined && input.layerConfigList?.length) details.push({ path: "body.layerConfigList", message: "An inheriting view has no layers of its own" });
  if (details.length) throw invalid(details);
  const own = { position: JSON.stringify(position), parentMapId };
  const saved = saveDataItem(
    db,
    actor,
    { id: existing?.id, project: input.project, dataType: "MAP", name: input.name, description: input.description, icon: input.icon, categoryList: input.categoryList },
    (tx, item) => {
      tx.insert(maps).values({ dataId: item.id, ...own }).onConflictDoUpdate({ target: maps.dataId, set: own }).run();
      if (!input.layerConfigList) return;
      tx.delete(mapLayers).where(eq(mapLayers.mapId, item.id)).run();
      const configs = input.layerConfigList.map((config, i) => ({
        mapId: item.id,
        layerId: config.layer.id,
        visible: config.visible ?? true,
        indexNumber: config.indexNumber ?? i,
        themes: config.themes ?? "",
        labels: config.labels ?? "",
      }));
      if (configs.length) tx.insert(mapLayers).values(configs).run();
    },
  );
  return mapForPage(db, actor, saved.id);
}

/** The maps that show layer `layerId`: those listing it, and the inheriting views of those. */
export function mapsShowing(db: Executor, layerId: number, readable?: SQL): number[] {
  const direct = db.select({ id: mapLayers.mapId }).from(mapLayers).where(eq(mapLayers.layerId, layerId));
  const inheriting = db.select({ id: maps.dataId }).from(maps).where(inArray(maps.parentMapId, direct)).all().map((r) => r.id);
  const ids = [...direct.all().map((r) => r.id), ...inheriting];
  if (!readable || !ids.length) return ids;
  return db.select({ id: maps.dataId }).from(maps).where(and(inArray(maps.dataId, ids), inArray(maps.dataId, readable))).all().map((r) => r.id);
}

/**
 * map/find-by-layer: the maps the reader may open that show the layer, by name (a map page opened for an object
 * of the layer goes to the first; none: 'Не найдены карты с выбранным объектом').
 */
export function mapsByLayer(db: Db, actor: User, layerId: number) {
  const layer = requireDataItem(db, actor, layerId, { type: "LAYER" }).item;
  const ids = mapsShowing(db, layerId, readableItemsOf(db, actor, layer.projectId));
  const cards = itemCards(db, ids);
  return ids
    .flatMap((id) => (cards.get(id)?.dataType === "MAP" ? [{ id, name: cards.get(id)!.name }] : []))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * What map `mapId` shows with no reader in mind (the public frame): its saved view and the layers switched on in
 * it, the first on top; an inheriting view's come from its parent, as on the map page.
 */
export function shownLayers(db: Db, mapId: number): { position: string; layerIds: number[] } {
  const row = mapRowOf(db, mapId);
  const configs = db
    .select({ layerId: mapLayers.layerId })
    .from(mapLayers)
    .where(and(eq(mapLayers.mapId, row?.parentMapId ?? mapId), eq(mapLayers.visible, true)))
    .orderBy(asc(mapLayers.indexNumber), asc(mapLayers.layerId))
    .all();
  return { position: row?.position ?? JSON.stringify(DEFAULT_POSITION), layerIds: configs.map((config) => config.layerId) };
}
