import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { poiChangelog, poiObjects } from "../../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../../testing/harness";
import { repaired } from "./repair";
import writeObjects, { type Row } from "./write-job";

const { t, f } = withTestApp();

const ring = (x: number, y: number, size = 1) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const feature = (geometry: unknown, properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type: "Feature", geometry, properties, ...extra });
const collection = (features: unknown[]) => ({ type: "FeatureCollection", features });

/** A project whose LAYER offers a point template and a polygon template, each with a few kinds of field. */
async function scene() {
  const s = await f.projectScene();
  const layer = f.dataItem(s.project.id, { dataType: "LAYER", name: "Assets" });
  const empty = f.dataItem(s.project.id, { dataType: "LAYER", name: "Copy" });
  const fields = [
    { name: "Title", type: "STRING", partOfName: true },
    { name: "Kind", type: "LIST", options: "Oak, Pine" },
    { name: "Height", type: "NUMBER" },
    { name: "Checked", type: "BOOLEAN" },
    { name: "Planted", type: "DATE" },
  ];
  const template = async (name: string, graphType: string) => {
    const saved = (await t.call("POST", "/layer-poi-template", { cookie: s.admin.cookie, body: { name, graphType, fields } })).body;
    for (const id of [layer.id, empty.id]) {
      expect((await t.call("POST", `/layer/bind-poi-template?layerId=${id}&templateId=${saved.id}`, { cookie: s.admin.cookie })).status).toBe(200);
    }
    return saved as { id: number; fields: { id: number; name: string }[] };
  };
  return { s, layer, empty, point: await template("Tree", "POINT"), area: await template("Park", "MULTI_POLYGON") };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Uploads `bytes` as the file of layer-poi/geo-json/check. */
async function check(cookie: string, bytes: Uint8Array<ArrayBuffer> | string, name = "objects.geojson") {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const response = await t.app.handle(new Request("http://plexus.test/api/layer-poi/geo-json/check", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  return { status: response.status, body: await response.json() };
}

const saveAll = (cookie: string, body: unknown) => t.call("POST", "/layer-poi/save-all", { cookie, body });
const item = (layerId: number, template: Scene["point"], geometry: unknown, values: Record<string, unknown> = {}) => ({
  layer: { id: layerId },
  template: { id: template.id },
  geometry: JSON.stringify(geometry),
  properties: Object.entries(values).map(([name, value]) => ({ field: { id: template.fields.find((x) => x.name === name)!.id }, value })),
});
const counts = () => ({
  objects: t.db.select().from(poiObjects).all().length,
  changes: t.db.select().from(poiChangelog).all().length,
  boxes: t.db.$client.query<{ n: number }, []>("select count(*) as n from poi_objects_rtree").get()!.n,
  cells: t.db.$client.query<{ n: number }, []>("select coalesce(sum(count), 0) as n from poi_cells where level = 3").get()!.n,
});

describe("reading a GeoJSON file for an import", () => {
  test("features are grouped by geometry type with their property names; foreign members, 3D positions and string ids are fine", async () => {
    const sc = await scene();
    const file = {
      ...collection([
        feature({ type: "Point", coordinates: [37.6, 55.7, 140] }, { Title: "Oak", height: 12 }, { id: "tree-1", source: "survey" }),
        feature({ type: "Point", coordinates: [37.61, 55.71] }, { Title: "Pine", kind: "Pine" }),
        feature({ type: "MultiPolygon", coordinates: [[ring(0, 0)], [ring(3, 3)]] }, { Title: "Park" }),
      ]),
      name: "foreign member",
      crs: { type: "name" },
    };
    const report = await check(sc.s.admin.cookie, JSON.stringify(file));
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      total: 3,
      groups: [
        { type: "Point", count: 2, properties: ["Title", "height", "kind"] },
        { type: "MultiPolygon", count: 1, properties: ["Title"] },
      ],
      problems: [],
      problemCount: 0,
    });
  });

  test("each feature that cannot be imported is listed with its index, reason and place; what a repair fixes comes repaired", async () => {
    const sc = await scene();
    const bowtie = { type: "Polygon", coordinates: [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]] };
    const cutInTwo = { type: "Polygon", coordinates: [ring(0, 0, 4), [[0, 2], [2, 0], [4, 2], [2, 4], [0, 2]]] };
    const clockwise = { type: "Polygon", coordinates: [[[0, 0], [0, 1], [0, 1], [1, 1], [1, 0], [0, 0]]] };
    const file = collection([
      feature({ type: "Point", coordinates: [1, 1] }),
      feature(null),
      feature(bowtie),
      feature(cutInTwo),
      feature({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }),
      feature({ type: "Point", coordinates: ["37.6", "55.7"] }),
      feature({ type: "Point", coordinates: [200, 10] }),
      feature(clockwise),
      feature({ type: "GeometryCollection", geometries: [] }),
      { type: "Feature", properties: {} },
    ]);
    const report = (await check(sc.s.admin.cookie, JSON.stringify(file))).body;
    expect(report.problemCount).toBe(9);
    const byIndex = Object.fromEntries(report.problems.map((p: { index: number }) => [p.index, p]));
    expect(byIndex[1]).toMatchObject({ reason: "no_geometry" });
    expect(byIndex[2]).toMatchObject({ reason: "invalid_structure", place: "geometry.coordinates.0.2", message: expect.stringContaining("crosses itself") });
    expect(byIndex[3]).toMatchObject({ reason: "invalid_geometry", message: "Interior is disconnected", place: "2 0" });
    expect(byIndex[4]).toMatchObject({ reason: "invalid_structure", message: expect.stringContaining("not closed") });
    expect(byIndex[5]).toMatchObject({ reason: "invalid_structure", message: expect.stringContaining("[longitude, latitude]") });
    expect(byIndex[6]).toMatchObject({ reason: "invalid_structure", message: expect.stringContaining("longitude 200 is outside") });
    expect(byIndex[7]).toMatchObject({ reason: "wrong_winding", message: "wrong_winding, repeated_vertices", repaired: { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] } });
    expect(byIndex[8]).toMatchObject({ reason: "unsupported_type" });
    expect(byIndex[9]).toMatchObject({ reason: "invalid_structure", place: "features.9" });
    expect(report.problems.filter((p: { repaired?: unknown }) => p.repaired)).toHaveLength(1);
    // The valid features and the repairable one are in the groups; the others are not.
    expect(report.groups).toEqual([
      { type: "Point", count: 1, properties: [] },
      { type: "Polygon", count: 1, properties: [] },
    ]);
  });

  test("a repair rewinds rings by the right-hand rule and drops repeated vertices, nothing else", () => {
    const hole = [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]];
    const fixed = repaired({ type: "Polygon", coordinates: [[[0, 0], [0, 4], [4, 4], [4, 0], [0, 0]], hole] });
    expect(fixed.coordinates).toEqual([[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]]]);
    expect(repaired({ type: "LineString", coordinates: [[0, 0], [0, 0], [1, 1, 5], [1, 1, 5]] }).coordinates).toEqual([[0, 0], [1, 1, 5]]);
  });

  test("bad files get a clear 4xx: not JSON, not a FeatureCollection, compressed, nested too deep, too large", async () => {
    const sc = await scene();
    const cookie = sc.s.admin.cookie;
    expect((await check(cookie, '{"type":"FeatureCollection","features":[')).body).toMatchObject({ status: 422, error: "geojson_unreadable" });
    expect((await check(cookie, JSON.stringify(feature({ type: "Point", coordinates: [0, 0] })))).body).toMatchObject({ status: 422, error: "geojson_not_feature_collection" });
    expect((await check(cookie, JSON.stringify([1, 2])))).toMatchObject({ status: 422, body: { error: "geojson_not_feature_collection" } });
    // A gzip bomb named .geojson: refused on its first bytes, never inflated.
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(50 * 1024 * 1024, 32)));
    expect((await check(cookie, bomb)).status).toBe(415);
    expect((await check(cookie, "[".repeat(10_000) + "]".repeat(10_000))).body).toMatchObject({ status: 422, error: "geojson_too_deep" });
    expect((await check(cookie, new Uint8Array([0xff, 0xfe, 0x7b, 0x00]))).body).toMatchObject({ status: 422 });
    expect((await check(sc.s.moderator.cookie, JSON.stringify(collection([]))))).toMatchObject({ status: 403 });
  });

  test("a file past 100 MB is refused with 413 while it streams", async () => {
    const sc = await scene();
    const boundary = "geojsonbound";
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.geojson"\r\n\r\n{"type":"FeatureCollection","features":[]}`));
        else if (sent < 201) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
        sent++;
      },
    });
    const response = await t.app.handle(
      new Request("http://plexus.test/api/layer-poi/geo-json/check", {
        method: "POST",
        headers: { ...OWN_PAGE_HEADERS, cookie: sc.s.admin.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(150);
  });
});

describe("layer-poi/save-all", () => {
  test("writes every object with its changelog, R-tree box and cluster cells; a Polygon goes into a MULTI_POLYGON template as one part", async () => {
    const sc = await scene();
    const before = counts();
    const saved = await saveAll(sc.s.admin.cookie, [
      item(sc.layer.id, sc.point, { type: "Point", coordinates: [37.6, 55.7, 140] }, { Title: "Oak 1", Kind: "Oak", Height: 12, Checked: true, Planted: "2020-04-01" }),
      item(sc.layer.id, sc.point, { type: "Point", coordinates: [37.7, 55.8] }, { Title: "Pine 2", Height: "7.5" }),
      item(sc.layer.id, sc.area, { type: "Polygon", coordinates: [ring(10, 10)] }, { Title: "Park" }),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      count: 3,
      groups: [
        { layer: { id: sc.layer.id }, template: { id: sc.point.id }, count: 2 },
        { layer: { id: sc.layer.id }, template: { id: sc.area.id }, count: 1 },
      ],
    });
    expect(counts()).toEqual({ objects: before.objects + 3, changes: before.changes + 3, boxes: before.boxes + 3, cells: before.cells + 3 });
    const rows = t.db.select().from(poiObjects).all();
    expect(rows.map((row) => row.name)).toEqual(["Oak 1", "Pine 2", "Park"]);
    expect(JSON.parse(rows[2].geometry)).toEqual({ type: "MultiPolygon", coordinates: [[ring(10, 10)]] });
    // The triggers a bulk write suspends are back: a single save keeps the R-tree and the cells as before.
    const single = await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: item(sc.layer.id, sc.point, { type: "Point", coordinates: [1, 1] }, { Title: "After" }) });
    expect(single.status).toBe(200);
    expect(counts()).toEqual({ objects: before.objects + 4, changes: before.changes + 4, boxes: before.boxes + 4, cells: before.cells + 4 });
    const found = await t.call("GET", `/layer-poi/find-by-name?layerIds=${sc.layer.id}&name=pine`, { cookie: sc.s.member.cookie });
    expect(found.body.content.map((x: { name: string }) => x.name)).toEqual(["Pine 2"]);
  });

  test("all or nothing: one bad value or geometry anywhere refuses the request, naming the item, and writes nothing", async () => {
    const sc = await scene();
    const good = item(sc.layer.id, sc.point, { type: "Point", coordinates: [1, 1] }, { Title: "Good" });
    const before = counts();
    const badValue = await saveAll(sc.s.admin.cookie, [good, good, item(sc.layer.id, sc.point, { type: "Point", coordinates: [1, 2] }, { Kind: "Birch" })]);
    expect(badValue.body).toMatchObject({ status: 422, details: [{ path: "body.2.properties.0.value" }] });
    const badRing = await saveAll(sc.s.admin.cookie, [good, item(sc.layer.id, sc.area, { type: "Polygon", coordinates: [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]] })]);
    expect(badRing.body).toMatchObject({ status: 422, details: [{ path: "body.1.geometry.coordinates.0.2" }] });
    const wrongType = await saveAll(sc.s.admin.cookie, [good, item(sc.layer.id, sc.point, { type: "LineString", coordinates: [[0, 0], [1, 1]] })]);
    expect(wrongType.body).toMatchObject({ status: 422, details: [{ path: "body.1.geometry.type" }] });
    expect((await saveAll(sc.s.admin.cookie, { not: "a list" })).status).toBe(422);
    expect((await t.call("POST", "/layer-poi/save-all", { cookie: sc.s.admin.cookie, raw: "[{", headers: { "content-type": "application/json" } })).status).toBe(422);
    expect((await saveAll(sc.s.moderator.cookie, [good])).status).toBe(403);
    expect((await saveAll(sc.s.admin.cookie, [{ ...good, layer: { id: 999_999 } }])).status).toBe(404);
    expect(counts()).toEqual(before);
  });
});

describe("a group's write", () => {
  test("fails whole: a row that breaks a constraint leaves no object, no box, no cell, and the suspended triggers back", async () => {
    const sc = await scene();
    const before = counts();
    const row = (name: string): Row => [name, '{"type":"Point","coordinates":[1,1]}', "{}", 1, 1, 1, 1, "[]"];
    // The second row's name is NULL, which poi_objects refuses: the first must go with it.
    const rows = [row("First"), [null, ...row("").slice(1)] as unknown as Row];
    expect(() => writeObjects({ dbPath: t.config.dbPath, layerId: sc.layer.id, templateId: sc.point.id, authorId: sc.s.admin.user.id, rows: JSON.stringify(rows) })).toThrow();
    expect(counts()).toEqual(before);
    const triggers = t.db.$client.query<{ name: string }, []>("select name from sqlite_master where type = 'trigger' and name like 'poi_%_insert' order by name").all();
    expect(triggers.map((x) => x.name)).toEqual(["poi_cells_insert", "poi_objects_rtree_insert"]);
    expect(writeObjects({ dbPath: t.config.dbPath, layerId: sc.layer.id, templateId: sc.point.id, authorId: sc.s.admin.user.id, rows: JSON.stringify([row("Only")]) })).toBe(1);
    expect(counts()).toEqual({ objects: before.objects + 1, changes: before.changes + 1, boxes: before.boxes + 1, cells: before.cells + 1 });
  });
});

describe("layer-poi/geo-json", () => {
  test("a round trip loses nothing: export, import into an empty layer with the same templates, export again gives the same features", async () => {
    const sc = await scene();
    const clockwise = { type: "MultiPolygon", coordinates: [[[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]], [ring(5, 5)]] };
    const originals = [
      item(sc.layer.id, sc.point, { type: "Point", coordinates: [37.6173456, 55.7558123] }, { Title: "Oak 1", Kind: "Oak", Height: 12.25, Checked: true, Planted: "2020-04-01" }),
      item(sc.layer.id, sc.point, { type: "Point", coordinates: [-3.7037902, 40.4167754, 657] }, { Title: "Pine 2", Checked: false }),
      item(sc.layer.id, sc.area, clockwise, { Title: "Park" }),
    ];
    expect((await saveAll(sc.s.admin.cookie, originals)).status).toBe(200);
    const exported = await t.call("GET", `/layer-poi/geo-json?layerId=${sc.layer.id}`, { cookie: sc.s.member.cookie });
    expect(exported.headers.get("content-type")).toContain("application/geo+json");
    expect(exported.headers.get("content-disposition")).toContain("Assets.geojson");
    const park = exported.body.features[2];
    // RFC 7946: the outer ring counterclockwise, values named by the template's fields.
    expect(park.geometry.coordinates[0][0]).toEqual([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]);
    expect(exported.body.features[0].properties).toEqual({ Title: "Oak 1", Kind: "Oak", Height: 12.25, Checked: true, Planted: "2020-04-01" });
    // The file as a person would import it: checked, then each group mapped to a template, fields by name.
    const report = await check(sc.s.admin.cookie, JSON.stringify(exported.body));
    expect(report.body.problemCount).toBe(0);
    const templateOf: Record<string, Scene["point"]> = { Point: sc.point, MultiPolygon: sc.area };
    const items = exported.body.features.map((x: { geometry: { type: string }; properties: Record<string, unknown> }) => item(sc.empty.id, templateOf[x.geometry.type], x.geometry, x.properties));
    expect((await saveAll(sc.s.admin.cookie, items)).status).toBe(200);
    const again = await t.call("GET", `/layer-poi/geo-json?layerId=${sc.empty.id}`, { cookie: sc.s.member.cookie });
    const comparable = (features: { id: number }[]) => features.map(({ id: _id, ...rest }) => JSON.parse(JSON.stringify(rest, (_, v) => (typeof v === "number" ? Number(v.toFixed(7)) : v))));
    expect(comparable(again.body.features)).toEqual(comparable(exported.body.features));
    expect(again.body.features.map((x: { name: string }) => x.name)).toEqual(["Oak 1", "Pine 2", "Park"]);
  });

  test("a box narrows the export; readers outside the project get 404", async () => {
    const sc = await scene();
    await saveAll(sc.s.admin.cookie, [1, 2, 3].map((x) => item(sc.layer.id, sc.point, { type: "Point", coordinates: [x * 10, 0] }, { Title: `P${x}` })));
    const boxed = await t.call("GET", `/layer-poi/geo-json?layerId=${sc.layer.id}&bbox=5,-1,25,1`, { cookie: sc.s.member.cookie });
    expect(boxed.body.features.map((x: { name: string }) => x.name)).toEqual(["P1", "P2"]);
    expect((await t.call("GET", `/layer-poi/geo-json?layerId=${sc.layer.id}`, { cookie: sc.s.outsider.cookie })).status).toBe(404);
  });
});
