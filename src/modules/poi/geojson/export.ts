import type { Db } from "../../../../db/client";
import type { User } from "../../../../db/schema";
import { contentDisposition } from "../../../lib/downloads";
import { yieldToEvents } from "../../../lib/yield-to-events";
import { type ObjectRow, readBox } from "../objects/boxes";
import { valuesMap } from "../objects/properties";
import { requireLayer } from "../policy";
import { type FullTemplate, getTemplate } from "../templates/service";
import { type Geometry, rewound } from "./repair";

/** Objects read and written out per step; the event loop is served between steps. */
const PAGE = 1000;

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) => ({
  all: db.$client.prepare<ObjectRow, [number, number, number]>(
    "select id, template_id as templateId, name, geometry, properties from poi_objects where layer_id = ?1 and id > ?2 order by id limit ?3",
  ),
  inBox: db.$client.prepare<ObjectRow, [number, number, number, number, number, number, number]>(
    `select id, template_id as templateId, name, geometry, properties from poi_objects where layer_id = ?1 and id > ?2
     and id in (select id from poi_objects_rtree where max_lon >= ?4 and min_lon <= ?6 and max_lat >= ?5 and min_lat <= ?7) order by id limit ?3`,
  ),
});

/** A feature as RFC 7946 has it: its geometry wound by the right-hand rule, its values named by the template's fields; the object's name as a foreign member. */
function featureText(row: ObjectRow, template: FullTemplate): string {
  const values = valuesMap(row.properties);
  const properties = Object.fromEntries(template.fields.filter((field) => values.has(field.id)).map((field) => [field.name, values.get(field.id)]));
  const geometry = row.geometry.startsWith('{"type":"Point"') ? row.geometry : JSON.stringify(rewound(JSON.parse(row.geometry) as Geometry));
  return `{"type":"Feature","id":${row.id},"name":${JSON.stringify(row.name)},"geometry":${geometry},"properties":${JSON.stringify(properties)}}`;
}

/**
 * layer-poi/geo-json: a layer's objects (those whose box meets `bbox` when given) as an RFC 7946 FeatureCollection
 * to download, written out a thousand objects at a time so that a large layer never holds the server; for the
 * layer's readers.
 */
export function layerExport(db: Db, actor: User, input: { layerId: number; bbox?: string }): Response {
  const layer = requireLayer(db, actor, input.layerId);
  let queries = statements.get(db);
  if (!queries) statements.set(db, (queries = prepare(db)));
  const { all, inBox } = queries;
  const box = input.bbox ? readBox(input.bbox) : undefined;
  const templates = new Map<number, FullTemplate>();
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (after > 0) await yieldToEvents();
      const rows = box ? inBox.all(layer.id, after, PAGE, box[0], box[1], box[2], box[3]) : all.all(layer.id, after, PAGE);
      const features = rows.map((row) => {
        let template = templates.get(row.templateId);
        if (!template) templates.set(row.templateId, (template = getTemplate(db, row.templateId)));
        return featureText(row, template);
      });
      let text = first ? '{"type":"FeatureCollection","features":[' : "";
      if (features.length) text += (first ? "" : ",") + features.join(",");
      first = false;
      if (rows.length < PAGE) {
        controller.enqueue(encoder.encode(`${text}]}`));
        controller.close();
        return;
      }
      after = rows[rows.length - 1].id;
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/geo+json; charset=utf-8",
      "content-disposition": contentDisposition("attachment", `${layer.name}.geojson`),
      "x-content-type-options": "nosniff",
    },
  });
}
