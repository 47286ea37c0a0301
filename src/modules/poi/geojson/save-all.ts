import type { Db } from "../../../../db/client";
import type { User } from "../../../../db/schema";
import { readLimitedBytes } from "../../../lib/body";
import type { AppContext } from "../../../lib/context";
import { AppError, conflict, invalid } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { runUntrusted } from "../../../lib/untrusted-worker";
import { yieldToEvents } from "../../../lib/yield-to-events";
import { changedFields } from "../objects/changelog";
import { readProperties } from "../objects/properties";
import { requireLayer } from "../policy";
import { combinedName } from "../rules/name";
import { type FullTemplate, getTemplate, isBound } from "../templates/service";
import { GRAPH_OF } from "./features";
import { GEOJSON_LIMITS } from "./limits";
import { runGeoJsonJob } from "./run-job";
import type { SaveAllItem, SaveAllReading } from "./save-all-job";
import type { Row, WriteJob } from "./write-job";

/** A group's write: a transaction of 100,000 rows takes seconds on a busy machine; the worker is ended past ten minutes (the spec's import timeout). */
const WRITE_LIMITS = { timeoutMs: 600_000, maxRssGrowthBytes: 2 * 1024 * 1024 * 1024 };

/** The objects of one layer and template in a save-all: written together or not at all. */
interface Group {
  layerId: number;
  projectId: number;
  template: FullTemplate;
  items: SaveAllItem[];
}


/** Items read between two looks at the event loop: reading values costs a few microseconds each. */
const ROWS_PER_SLICE = 2000;

/** A Polygon in a MULTI_POLYGON template (a LineString in a MULTI_LINE_STRING one) becomes a multi geometry of one part. */
function geometryFor(template: FullTemplate, item: SaveAllItem, at: number): string {
  const graphType = GRAPH_OF[item.type];
  if (graphType === template.graphType) return item.geometry;
  if ((graphType === "POLYGON" && template.graphType === "MULTI_POLYGON") || (graphType === "LINE_STRING" && template.graphType === "MULTI_LINE_STRING")) {
    return `{"type":"Multi${item.type}","coordinates":[${item.geometry.slice(item.geometry.indexOf('"coordinates":') + 14, -1)}]}`;
  }
  throw invalid([{ path: `body.${at}.geometry.type`, message: `The template's objects are of type ${template.graphType}` }], "The geometry is not valid");
}

/** Groups items by layer and template, checking each pair once: ADMIN on the layer, the template active and offered there. */
function groupsOf(db: Db, actor: User, items: SaveAllItem[]): Group[] {
  const groups = new Map<string, Group>();
  items.forEach((item, at) => {
    const key = `${item.layerId}/${item.templateId}`;
    let group = groups.get(key);
    if (!group) {
      const layer = requireLayer(db, actor, item.layerId, "ADMIN");
      const template = getTemplate(db, item.templateId);
      if (!template.isActive || !isBound(db, layer.id, template.id)) {
        throw invalid([{ path: `body.${at}.template.id`, code: "poi.object.templateNotOffered", message: "poi.object.templateNotOffered" }]);
      }
      groups.set(key, (group = { layerId: layer.id, projectId: layer.projectId, template, items: [] }));
    }
    group.items.push(item);
  });
  return [...groups.values()];
}

/** Runs `read`, naming item `at` in the paths of what it refuses (readProperties names "body.properties..."). */
function atItem<T>(at: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AppError && error.details) throw new AppError(error.status, error.code, error.message, error.details.map((d) => ({ ...d, path: d.path.replace(/^body\./, `body.${at}.`) })));
    throw error;
  }
}

/** Every row of a group, values read against its template; the event loop is served between slices. */
async function rowsOf(db: Db, actor: User, group: Group, locale: string): Promise<string[]> {
  const rows: string[] = [];
  const tableValues = new Map<number, string[]>();
  for (const [at, item] of group.items.entries()) {
    if (at % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await yieldToEvents();
    const values = atItem(at, () => readProperties(db, actor, group.projectId, group.template, item.properties, locale, tableValues));
    const stored = JSON.stringify(Object.fromEntries([...values].filter(([, value]) => value !== null)));
    const changes = JSON.stringify(changedFields(group.template, new Map(), values));
    const row: Row = [combinedName(group.template.name, group.template.fields, values), geometryFor(group.template, item, at), stored, ...item.box, changes];
    rows.push(JSON.stringify(row));
  }
  return rows;
}

/** Writes one group with its changelog, R-tree boxes and cluster cells in one transaction, on a worker thread's own connection. */
async function writeGroup(ctx: AppContext, actor: User, group: Group, rows: string[]) {
  // One string crosses to the worker as a copy of its bytes; 100,000 small arrays held the event loop a second to clone.
  const job: WriteJob = { dbPath: ctx.config.dbPath, layerId: group.layerId, templateId: group.template.id, authorId: actor.id, rows: `[${rows.join(",")}]` };
  try {
    await runUntrusted(new URL("./write-job.ts", import.meta.url), job, WRITE_LIMITS, { owner: actor.id });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error("poi_import_write_failed", { layerId: group.layerId, count: rows.length, message: String((error as Error)?.message ?? error).slice(0, 300) });
    throw conflict("poi_import_failed", "The objects could not be written (the layer or template changed meanwhile?): nothing of this group was saved");
  }
}

/**
 * layer-poi/save-all: creates the objects of a list of { layer, template, geometry, properties }, as an import
 * sends them. The body is read and every geometry checked in the untrusted worker; then, per layer and template,
 * every value is read against the template, and only when all of them are right is the group written, in one
 * transaction. A refusal of any item refuses the request and writes nothing. ADMIN on every layer named.
 */
export async function saveAll(ctx: AppContext, actor: User, request: Request, locale: string) {
  const bytes = await readLimitedBytes(request, GEOJSON_LIMITS.fileBytes);
  const reading = await runGeoJsonJob<SaveAllReading>("./save-all-job.ts", { bytes }, actor.id, request.signal);
  if (!reading.ok) throw invalid(reading.problems, "Some objects are not valid");
  const groups = groupsOf(ctx.db, actor, reading.items);
  const prepared: { group: Group; rows: string[] }[] = [];
  for (const group of groups) prepared.push({ group, rows: await rowsOf(ctx.db, actor, group, locale) });
  for (const { group, rows } of prepared) await writeGroup(ctx, actor, group, rows);
  return { count: reading.items.length, groups: groups.map((group) => ({ layer: { id: group.layerId }, template: { id: group.template.id }, count: group.items.length })) };
}
