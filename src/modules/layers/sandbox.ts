import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { requireDataItemHeader } from "../data/policy";
import { LAYER_LIMITS } from "./limits";
import type { PresentedLayer } from "./presenter";
import { presentLayers } from "./service";

/** The map sandbox's query (spec 3: layerIdList, featureSys, baseLayer, lat, lon, featureId, z, url), read. */
export interface SandboxQuery {
  layerIds: number[];
  baseLayer?: number;
  lat?: number;
  lon?: number;
  z?: number;
  featureId?: number;
  /** A ZWS feature's system id: kept for the ZWS layers of a later issue, which select by it. */
  featureSys?: string;
}

const ID = /^[1-9][0-9]{0,14}$/;

/** `text` as a number within [min, max], undefined when absent, NaN when wrong. */
function numberIn(text: string | null, min: number, max: number): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : Number.NaN;
}

/**
 * The sandbox's query, or the names of the parameters that are wrong: at least one layer id (at most 200), ids
 * as ids, lat -90..90, lon -180..180, z 0..24. `url` is accepted and never fetched (no address a user gives is).
 */
export function readSandboxQuery(params: URLSearchParams): { query: SandboxQuery; wrong: string[] } {
  const wrong: string[] = [];
  const list = (params.get("layerIdList") ?? "").split(",").map((id) => id.trim()).filter(Boolean);
  if (list.length === 0 || list.length > LAYER_LIMITS.ids || !list.every((id) => ID.test(id))) wrong.push("layerIdList");
  const id = (name: string) => {
    const text = params.get(name)?.trim();
    if (!text) return undefined;
    if (!ID.test(text)) wrong.push(name);
    return Number(text);
  };
  const number = (name: string, min: number, max: number) => {
    const n = numberIn(params.get(name), min, max);
    if (Number.isNaN(n)) wrong.push(name);
    return n;
  };
  const query: SandboxQuery = {
    layerIds: [...new Set(list.map(Number))],
    baseLayer: id("baseLayer"),
    featureId: id("featureId"),
    lat: number("lat", -90, 90),
    lon: number("lon", -180, 180),
    z: number("z", 0, 24),
    featureSys: params.get("featureSys")?.slice(0, 200) || undefined,
  };
  if ((query.lat === undefined) !== (query.lon === undefined)) wrong.push(query.lat === undefined ? "lat" : "lon");
  return { query, wrong };
}

/**
 * The sandbox's layers, the base layer last (drawn under the others), and the ids that are no layer the reader
 * may open (missing, removed, another project's, or a layer without a kind), so the page can name them.
 */
export function sandboxLayers(db: Db, actor: User, projectId: number, query: SandboxQuery): { layers: PresentedLayer[]; unknown: number[] } {
  const ids = [...new Set([...query.layerIds, ...(query.baseLayer ? [query.baseLayer] : [])])];
  const readable = ids.filter((id) => {
    try {
      return requireDataItemHeader(db, actor, id, { type: "LAYER" }).item.projectId === projectId;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return false;
      throw error;
    }
  });
  const layers = presentLayers(db, readable);
  const found = new Set(layers.map((layer) => layer.id));
  return { layers, unknown: ids.filter((id) => !found.has(id)) };
}
