import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { dataItems, poiLayerTemplates, poiObjects, poiStyles, poiTemplates } from "../../../../db/schema";
import { withTestApp } from "../../../testing/harness";

const { t, f } = withTestApp();
const MIGRATIONS = join(import.meta.dir, "../../../../db/migrations");

type Cluster = { geometry: { coordinates: [number, number] }; properties: { cluster: true; count: number; bbox: [number, number, number, number] } };

/** A points layer with a template and a style, whose member reads the map; `points` are written straight in, as an import would. */
async function pointsLayer(points: [number, number][] = []) {
  const s = await f.projectScene();
  const layer = f.dataItem(s.project.id, { dataType: "LAYER", name: "Trees" });
  const style = t.db.insert(poiStyles).values({ name: "Red" }).returning().get();
  const template = t.db.insert(poiTemplates).values({ name: "Tree", graphType: "POINT", defaultStyleId: style.id }).returning().get();
  t.db.insert(poiLayerTemplates).values({ layerId: layer.id, templateId: template.id }).run();
  if (points.length) {
    t.db
      .insert(poiObjects)
      .values(points.map(([lon, lat], i) => ({ layerId: layer.id, templateId: template.id, name: `Tree ${i}`, geometry: JSON.stringify({ type: "Point", coordinates: [lon, lat] }), minLon: lon, minLat: lat, maxLon: lon, maxLat: lat })))
      .run();
  }
  const view = async (query: string) => {
    const answer = await t.call("GET", `/layer-poi/min-geo-json?layerId=${layer.id}&${query}`, { cookie: s.member.cookie });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  return { s, layer, template, view };
}

const inBox = ([lon, lat]: [number, number], [west, south, east, north]: number[]) => lon >= west! && lon <= east! && lat >= south! && lat <= north!;

describe("server clusters past the limit", () => {
  // Two tight groups and a scatter, so cells hold several objects and some hold one.
  const points: [number, number][] = [
    ...Array.from({ length: 40 }, (_, i): [number, number] => [10 + (i % 8) * 0.01, 20 + Math.floor(i / 8) * 0.01]),
    ...Array.from({ length: 25 }, (_, i): [number, number] => [-31.5 - (i % 5) * 0.02, -10.5 - Math.floor(i / 5) * 0.02]),
    ...Array.from({ length: 15 }, (_, i): [number, number] => [-170 + i * 23, -80 + i * 11]),
  ];

  test("the counts add up to the objects in the view, and each cluster's box holds its centre and its objects", async () => {
    const { view } = await pointsLayer(points);
    const world = await view("limit=10");
    expect(world).toMatchObject({ clustered: true, total: points.length });
    const clusters: Cluster[] = world.features;
    expect(clusters.reduce((sum, cluster) => sum + cluster.properties.count, 0)).toBe(points.length);
    expect(clusters.length).toBeGreaterThan(2);
    expect(clusters.length).toBeLessThan(points.length);
    for (const { geometry, properties } of clusters) {
      expect(inBox(geometry.coordinates, properties.bbox)).toBe(true);
      expect(points.filter((point) => inBox(point, properties.bbox)).length).toBeGreaterThanOrEqual(properties.count);
    }
    // The whole world spans 64 cells of the pyramid's level 6: the group of 40 is one of them, at the group's mean.
    const group = clusters.find((cluster) => cluster.properties.count === 40)!;
    expect(group.properties.bbox).toEqual([5.625, 19.6875, 11.25, 22.5]);
    expect(group.geometry.coordinates.map((n) => Number(n.toFixed(4)))).toEqual([10.035, 20.02]);
  });

  test("a view too small for the pyramid's cells to tell clusters on a grid over it, each with the box of its objects", async () => {
    const { view } = await pointsLayer(points);
    const answer = await view("bbox=9.99,19.99,10.08,20.05&limit=10");
    expect(answer).toMatchObject({ clustered: true, total: 40 });
    const boxes = answer.features.map((cluster: Cluster) => cluster.properties.bbox);
    expect(Math.min(...boxes.map((b: number[]) => b[0]))).toBe(10);
    expect(Math.max(...boxes.map((b: number[]) => b[3]))).toBeCloseTo(20.04, 4);
  });

  test("a view clusters only what it shows; zoomed into a cluster's box, its objects come one by one", async () => {
    const { view } = await pointsLayer(points);
    const part = await view("bbox=-60,-40,60,40&limit=10");
    expect(part.total).toBe(65 + points.slice(65).filter((point) => inBox(point, [-60, -40, 60, 40])).length);
    const group: Cluster = part.features.find((cluster: Cluster) => cluster.properties.count === 25);
    const inside = await view(`bbox=${group.properties.bbox.join(",")}&limit=30`);
    expect(inside).toMatchObject({ clustered: false, total: 25 });
    expect(inside.features.every((feature: { properties: { cluster?: boolean } }) => !feature.properties.cluster)).toBe(true);
  });
});

describe("the bounding-box store", () => {
  test("an object saved is in the next answer for its box, moved it leaves the old box, deleted it is in none", async () => {
    const { s, layer, template, view } = await pointsLayer();
    const body = (lon: number, lat: number, extra = {}) => ({ layer: { id: layer.id }, template: { id: template.id }, geometry: JSON.stringify({ type: "Point", coordinates: [lon, lat] }), properties: [], ...extra });
    const ids = async (box: string) => (await view(`bbox=${box}`)).features.map((feature: { id: number }) => feature.id);
    const saved = await t.call("POST", "/layer-poi/save", { cookie: s.moderator.cookie, body: body(37.6, 55.7) });
    expect(saved.status).toBe(200);
    expect(await ids("37,55,38,56")).toEqual([saved.body.id]);
    const moved = await t.call("POST", "/layer-poi/save", { cookie: s.moderator.cookie, body: body(2.35, 48.85, { id: saved.body.id, version: saved.body.version }) });
    expect(moved.status).toBe(200);
    expect(await ids("37,55,38,56")).toEqual([]);
    expect(await ids("2,48,3,49")).toEqual([saved.body.id]);
    expect((await t.call("DELETE", `/layer-poi?id=${saved.body.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect(await ids("-180,-90,180,90")).toEqual([]);
  });

  test("the app's connection reads the database through a memory map (see db/client.ts)", () => {
    expect(t.db.$client.query<{ mmap_size: number }, []>("PRAGMA mmap_size").get()!.mmap_size).toBe(1024 ** 3);
  });
});

describe("the pyramid of cluster cells", () => {
  /** How many objects each level's cells hold in all, and the cells of `level`. */
  const pyramid = (layerId: number, level = 11) => ({
    perLevel: t.db.$client.query<{ n: number }, [number]>("select sum(count) as n from poi_cells where layer_id = ? group by level order by level").all(layerId).map((row) => row.n),
    cells: t.db.$client.query<{ cx: number; cy: number; count: number }, [number, number]>("select cx, cy, count from poi_cells where layer_id = ? and level = ? order by cx, cy").all(layerId, level),
  });

  test("inserts, moves and deletes keep every level's counts right, and a deleted layer leaves no cells", async () => {
    const { s, layer, template } = await pointsLayer([
      [10, 20],
      [10.01, 20.01],
    ]);
    expect(pyramid(layer.id).perLevel).toEqual(Array(9).fill(2));
    // Level 11 cells are 360/2048 by 180/2048 degrees: both points share cell (1080, 1251).
    expect(pyramid(layer.id).cells).toEqual([{ cx: 1080, cy: 1251, count: 2 }]);
    const body = (lon: number, lat: number, extra = {}) => ({ layer: { id: layer.id }, template: { id: template.id }, geometry: JSON.stringify({ type: "Point", coordinates: [lon, lat] }), properties: [], ...extra });
    const saved = await t.call("POST", "/layer-poi/save", { cookie: s.moderator.cookie, body: body(-170, -80) });
    expect(saved.status).toBe(200);
    expect(pyramid(layer.id).perLevel).toEqual(Array(9).fill(3));
    expect(pyramid(layer.id).cells).toEqual([
      { cx: 56, cy: 113, count: 1 },
      { cx: 1080, cy: 1251, count: 2 },
    ]);
    const moved = await t.call("POST", "/layer-poi/save", { cookie: s.moderator.cookie, body: body(10.02, 20.02, { id: saved.body.id, version: saved.body.version }) });
    expect(moved.status).toBe(200);
    expect(pyramid(layer.id).cells).toEqual([
      { cx: 1080, cy: 1251, count: 2 },
      { cx: 1081, cy: 1251, count: 1 },
    ]);
    expect(pyramid(layer.id, 3).cells).toEqual([{ cx: 4, cy: 4, count: 3 }]);
    expect((await t.call("DELETE", `/layer-poi?id=${saved.body.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect(pyramid(layer.id).cells).toEqual([{ cx: 1080, cy: 1251, count: 2 }]);
    t.db.delete(dataItems).where(eq(dataItems.id, layer.id)).run();
    expect(pyramid(layer.id).perLevel).toEqual([]);
  });

  test("the migration fills the pyramid of objects already there as the triggers keep it", async () => {
    const { layer } = await pointsLayer(Array.from({ length: 50 }, (_, i): [number, number] => [-120 + i * 4.7, -60 + i * 2.3]));
    const kept = pyramid(layer.id, 7);
    const file = readdirSync(MIGRATIONS).find((name) => name.endsWith("_poi_cells.sql"))!;
    const fill = readFileSync(join(MIGRATIONS, file), "utf8").split("--> statement-breakpoint").find((statement) => statement.includes("FROM `poi_objects` o"))!;
    t.db.$client.run("delete from poi_cells");
    t.db.$client.run(fill);
    expect(pyramid(layer.id, 7)).toEqual(kept);
  });

  test("the whole world of a layer over the limit is the pyramid's clusters, adding up to the layer's objects", async () => {
    const points = Array.from({ length: 300 }, (_, i): [number, number] => [-179.5 + ((i * 37) % 358), -89.5 + ((i * 53) % 178)]);
    const { view } = await pointsLayer(points);
    const world = await view("limit=100");
    expect(world).toMatchObject({ clustered: true, total: 300 });
    expect(world.features.reduce((sum: number, cluster: Cluster) => sum + cluster.properties.count, 0)).toBe(300);
    for (const { geometry, properties } of world.features as Cluster[]) {
      expect(inBox(geometry.coordinates, properties.bbox)).toBe(true);
      expect(points.filter((point) => inBox(point, properties.bbox)).length).toBe(properties.count);
    }
  });
});
