import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { layers, type LayerKind, type LayerRow, type User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { itemCards, readableItemIds } from "../data/readable";
import { saveDataItem } from "../data/service";
import { objectCountsByLayer } from "../poi/objects/counts";
import { categoryLimits, requireProjectRole } from "../projects/policy";
import { allowedTileOrigins } from "../settings/service";
import { LAYER_LIMITS } from "./limits";
import type { LayerSaveInput } from "./model";
import { type PresentedLayer, tilesAddressOf } from "./presenter";
import { templateProblems } from "./tile-url";

/** The layer rows of `ids`; a LAYER item saved through data/save has none until layer/save gives it a kind. */
export function layerRowsOf(db: Executor, ids: number[]): Map<number, LayerRow> {
  const rows = ids.length ? db.select().from(layers).where(inArray(layers.dataId, ids)).all() : [];
  return new Map(rows.map((row) => [row.dataId, row]));
}

/** The layers `ids` as maps and lists show them, in the given order; ids that are no layer with a kind are left out. */
export function presentLayers(db: Executor, ids: number[]): PresentedLayer[] {
  const cards = itemCards(db, ids);
  const rows = layerRowsOf(db, ids);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    const row = rows.get(id);
    if (card?.dataType !== "LAYER" || !row) return [];
    const xyz = row.kind === "XYZ";
    return [{ id, name: card.name, projectId: card.projectId, type: row.kind, visible: row.visible, url: xyz ? row.url : null, projection: row.projection, tiles: xyz ? tilesAddressOf(id) : null }];
  });
}

/** The ids of the project's items the actor may open (active, within their categories), as a subquery for `in`. */
export const readableItemsOf = (db: Db, actor: User, projectId: number) => sql`(${readableItemIds([projectId], categoryLimits(db, actor))})`;

/** The active layers of the project the actor may open (within their categories), of `kind` when given, by name. */
function readableLayerIds(db: Db, actor: User, projectId: number, kind?: LayerKind): number[] {
  requireProjectRole(db, actor, projectId);
  const readable = inArray(layers.dataId, readableItemsOf(db, actor, projectId));
  const found = db.select({ id: layers.dataId }).from(layers).where(kind ? and(readable, eq(layers.kind, kind)) : readable).all();
  return found.map((row) => row.id);
}

const byName = (list: PresentedLayer[]) => list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

/** layer/get-xyz-layers: the project's tile layers the reader may open. */
export const xyzLayers = (db: Db, actor: User, projectId: number) => byName(presentLayers(db, readableLayerIds(db, actor, projectId, "XYZ")));

/** layer/get-layers-with-poi: the project's points layers with their objects counted per template (one grouped query for all of them). */
export function layersWithPoi(db: Db, actor: User, projectId: number) {
  const ids = readableLayerIds(db, actor, projectId, "LAYER_POI");
  const counts = objectCountsByLayer(db, ids);
  return byName(presentLayers(db, ids)).map((layer) => ({ layer, countByPoiTemplates: counts.get(layer.id) ?? [] }));
}

/** layer/get-list/{ids}: the layers asked for, in that order; one the reader may not open is the same 404 as one that does not exist. */
export function layerList(db: Db, actor: User, idList: string): PresentedLayer[] {
  const ids = [...new Set(idList.split(",").map(Number))];
  if (ids.length > LAYER_LIMITS.ids) throw invalid([{ path: "params.ids", message: "At most 200 layers at once" }]);
  for (const id of ids) requireDataItem(db, actor, id, { type: "LAYER" });
  return presentLayers(db, ids);
}

/** The layer's own row as layer/save stores it: XYZ layers keep a tile template on an allowed server, others none. */
function checkedRow(db: Db, input: LayerSaveInput): Omit<LayerRow, "dataId"> {
  const url = input.url?.trim() || null;
  if (input.type !== "XYZ") {
    if (url) throw invalid([{ path: "body.url", message: "Only XYZ layers have a tile address" }]);
    return { kind: input.type, url: null, projection: "EPSG:3857", visible: input.visible ?? true };
  }
  const problems: ErrorDetail[] = url ? templateProblems(url, allowedTileOrigins(db)) : [{ path: "body.url", message: "An XYZ layer needs its tile address" }];
  if (problems.some((p) => p.code === "layer.url.notAllowed")) throw new AppError(422, "tile_host_not_allowed", problems[0]!.message, problems);
  if (problems.length) throw invalid(problems);
  return { kind: "XYZ", url, projection: input.projection ?? "EPSG:3857", visible: input.visible ?? true };
}

/**
 * layer/save: creates a LAYER item (id empty or 0) or updates one; MODERATOR in the project. The kind is chosen
 * once; an XYZ layer's tiles must come from a server an administrator allowed (tile_host_not_allowed otherwise).
 */
export function saveLayer(db: Db, actor: User, input: LayerSaveInput): PresentedLayer {
  requireProjectRole(db, actor, input.project.id, "MODERATOR");
  if (input.id) {
    requireDataItem(db, actor, input.id, { type: "LAYER", needed: "MODERATOR" });
    const kind = layerRowsOf(db, [input.id]).get(input.id)?.kind;
    if (kind && kind !== input.type) throw invalid([{ path: "body.type", message: "A layer's kind cannot change" }]);
  }
  const row = checkedRow(db, input);
  const saved = saveDataItem(
    db,
    actor,
    { id: input.id || undefined, project: input.project, dataType: "LAYER", name: input.name, description: input.description, categoryList: input.categoryList },
    (tx, item) => tx.insert(layers).values({ dataId: item.id, ...row }).onConflictDoUpdate({ target: layers.dataId, set: row }).run(),
  );
  return presentLayers(db, [saved.id])[0]!;
}
