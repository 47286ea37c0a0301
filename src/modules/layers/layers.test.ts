import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, layers, poiObjects, poiTemplates, settings, zwsBuffer } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const allow = (origins: string) => t.db.update(settings).set({ body: origins }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
const saveLayer = (cookie: string, body: unknown) => t.call("POST", "/layer/save", { cookie, body });

describe("layer/save", () => {
  test("a moderator makes an XYZ layer on an allowed server and a points layer; the kind stays, the rest changes", async () => {
    const { project, moderator } = await f.projectScene();
    allow("https://tiles.example.org:8443 http://127.0.0.1:9");
    const xyz = await saveLayer(moderator.cookie, { id: 0, project: { id: project.id }, name: "Topo", type: "XYZ", url: "https://tiles.example.org:8443/{z}/{x}/{-y}.png", projection: "EPSG:3395" });
    expect(xyz.status).toBe(200);
    expect(xyz.body).toEqual({ id: xyz.body.id, name: "Topo", projectId: project.id, type: "XYZ", visible: true, url: "https://tiles.example.org:8443/{z}/{x}/{-y}.png", projection: "EPSG:3395", tiles: `/api/tiles/${xyz.body.id}/{z}/{x}/{y}` });
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, xyz.body.id)).get()).toMatchObject({ dataType: "LAYER", name: "Topo" });
    const renamed = await saveLayer(moderator.cookie, { id: xyz.body.id, project: { id: project.id }, name: "Topo 2", type: "XYZ", url: "http://127.0.0.1:9/t/{z}/{x}/{y}" });
    expect(renamed.body).toMatchObject({ name: "Topo 2", url: "http://127.0.0.1:9/t/{z}/{x}/{y}", projection: "EPSG:3857" });
    const kind = await saveLayer(moderator.cookie, { id: xyz.body.id, project: { id: project.id }, name: "Topo", type: "LAYER_POI" });
    expect(kind.status).toBe(422);
    expect(kind.body.details[0].path).toBe("body.type");
    const poi = await saveLayer(moderator.cookie, { project: { id: project.id }, name: "Wells", type: "LAYER_POI" });
    expect(poi.body).toMatchObject({ type: "LAYER_POI", url: null, tiles: null });
  });

  test("a tile server an administrator did not allow is refused with tile_host_not_allowed; a bad template with the field named; nothing is written", async () => {
    const { project, moderator } = await f.projectScene();
    allow("https://tiles.example.org");
    const base = { project: { id: project.id }, name: "L", type: "XYZ" };
    const notAllowed = [
      "https://evil.example.org/{z}/{x}/{y}.png",
      "http://tiles.example.org/{z}/{x}/{y}.png", // another scheme
      "https://tiles.example.org:444/{z}/{x}/{y}.png", // another port
      "https://tiles.example.org.evil.example/{z}/{x}/{y}.png",
    ];
    for (const url of notAllowed) {
      const res = await saveLayer(moderator.cookie, { ...base, url });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: "tile_host_not_allowed", details: [{ path: "body.url", message: "An administrator has not allowed this tile server (GIS settings)" }] });
    }
    const invalid = ["", "ftp://tiles.example.org/{z}/{x}/{y}", "https://tiles.example.org/{z}/{x}.png", "https://tiles.example.org/{s}/{z}/{x}/{y}", "https://user:pw@tiles.example.org/{z}/{x}/{y}", "tiles/{z}/{x}/{y}"];
    for (const url of invalid) {
      const res = await saveLayer(moderator.cookie, { ...base, url });
      expect(res.status).toBe(422);
      expect(res.body.details[0].path).toBe("body.url");
    }
    expect((await saveLayer(moderator.cookie, { ...base, type: "LAYER_POI", url: "https://tiles.example.org/{z}/{x}/{y}" })).status).toBe(422);
    expect((await saveLayer(moderator.cookie, { ...base, type: "RASTER" })).status).toBe(422);
    expect(t.db.select().from(dataItems).all()).toEqual([]);
    expect(t.db.select().from(layers).all()).toEqual([]);
  });

  test("401, 403 for a plain member, 404 outside the project and for another project's layer", async () => {
    const { project, member, outsider, moderator } = await f.projectScene();
    const body = { project: { id: project.id }, name: "L", type: "LAYER_POI" };
    expect((await t.call("POST", "/layer/save", { body })).status).toBe(401);
    expect((await saveLayer(member.cookie, body)).status).toBe(403);
    expect((await saveLayer(outsider.cookie, body)).status).toBe(404);
    const theirs = f.dataItem(f.project("Elsewhere").id, { dataType: "LAYER", name: "Theirs" });
    expect((await saveLayer(moderator.cookie, { ...body, id: theirs.id })).body.error).toBe("data_not_found");
  });
});

describe("layer lists", () => {
  async function scene() {
    const s = await f.projectScene();
    allow("http://127.0.0.1:9");
    const made = async (name: string, type: string, extra: Record<string, unknown> = {}) =>
      (await saveLayer(s.moderator.cookie, { project: { id: s.project.id }, name, type, ...extra })).body as { id: number };
    const b = await made("B tiles", "XYZ", { url: "http://127.0.0.1:9/{z}/{x}/{y}" });
    const a = await made("A tiles", "XYZ", { url: "http://127.0.0.1:9/a/{z}/{x}/{y}" });
    const poi = await made("Wells", "LAYER_POI");
    const zws = await made("Network", "ZWS");
    return { ...s, a, b, poi, zws };
  }

  test("get-xyz-layers and get-layers-with-poi list the project's layers of that kind by name; a removed one is gone", async () => {
    const { project, member, moderator, a, b, poi } = await scene();
    const xyz = await t.call("GET", `/layer/get-xyz-layers?projectId=${project.id}`, { cookie: member.cookie });
    expect(xyz.body.map((l: { id: number }) => l.id)).toEqual([a.id, b.id]);
    const withPoi = await t.call("GET", `/layer/get-layers-with-poi?projectId=${project.id}`, { cookie: member.cookie });
    expect(withPoi.body).toEqual([{ layer: expect.objectContaining({ id: poi.id, name: "Wells", type: "LAYER_POI" }), countByPoiTemplates: [] }]);
    await t.call("GET", `/data/remove?id=${a.id}`, { cookie: moderator.cookie });
    expect((await t.call("GET", `/layer/get-xyz-layers?projectId=${project.id}`, { cookie: member.cookie })).body.map((l: { id: number }) => l.id)).toEqual([b.id]);
  });

  test("get-layers-with-poi counts each layer's objects per template, by template name, in as many queries for five layers as for one", async () => {
    const { project, member, moderator, poi } = await scene();
    const [well, pump] = ["Well", "Pump"].map((name) => t.db.insert(poiTemplates).values({ name, graphType: "POINT" }).returning().get());
    const put = (layerId: number, templateId: number, n: number) =>
      t.db.insert(poiObjects).values(Array.from({ length: n }, (_, i) => ({ layerId, templateId, name: `o${i}`, geometry: "{}", minLon: 0, minLat: 0, maxLon: 0, maxLat: 0 }))).run();
    put(poi.id, well!.id, 3);
    put(poi.id, pump!.id, 2);
    const queries = async () => {
      const prepare = t.db.$client.prepare.bind(t.db.$client);
      let n = 0;
      t.db.$client.prepare = ((sql: string) => (n++, prepare(sql))) as typeof prepare;
      try {
        const res = await t.call("GET", `/layer/get-layers-with-poi?projectId=${project.id}`, { cookie: member.cookie });
        return { body: res.body, n };
      } finally {
        t.db.$client.prepare = prepare;
      }
    };
    const one = await queries();
    expect(one.body).toEqual([{ layer: expect.objectContaining({ id: poi.id }), countByPoiTemplates: [{ templateId: pump!.id, name: "Pump", count: 2 }, { templateId: well!.id, name: "Well", count: 3 }] }]);
    for (let i = 0; i < 4; i++) {
      const more = (await saveLayer(moderator.cookie, { project: { id: project.id }, name: `More ${i}`, type: "LAYER_POI" })).body;
      put(more.id, well!.id, i + 1);
    }
    const five = await queries();
    expect(five.body.map((l: { countByPoiTemplates: { count: number }[] }) => l.countByPoiTemplates.map((c) => c.count))).toEqual([[1], [2], [3], [4], [2, 3]]);
    expect(one.n).toBeGreaterThan(0);
    expect(five.n).toBe(one.n);
  });

  test("get-list answers the layers asked for in order; one outside the reader's reach is 404 for the whole call", async () => {
    const { project, member, outsider, a, b, zws } = await scene();
    const list = await t.call("GET", `/layer/get-list/${zws.id},${a.id},${b.id}`, { cookie: member.cookie });
    expect(list.body.map((l: { id: number; type: string }) => [l.id, l.type])).toEqual([
      [zws.id, "ZWS"],
      [a.id, "XYZ"],
      [b.id, "XYZ"],
    ]);
    const theirs = f.dataItem(f.project("Elsewhere").id, { dataType: "LAYER", name: "Theirs" });
    expect((await t.call("GET", `/layer/get-list/${a.id},${theirs.id}`, { cookie: member.cookie })).status).toBe(404);
    expect((await t.call("GET", `/layer/get-list/${a.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/layer/get-list/${a.id},x`, { cookie: member.cookie })).status).toBe(422);
    expect((await t.call("GET", `/layer/get-xyz-layers?projectId=${project.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/layer/get-xyz-layers?projectId=${project.id}`)).status).toBe(401);
  });

  test("data/save takes none of a layer's content; a LAYER item made there is in no list until layer/save gives it a kind", async () => {
    const { project, moderator } = await scene();
    expect((await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { project: { id: project.id }, dataType: "LAYER", name: "L", value: "{}" } })).status).toBe(422);
    const plain = await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { project: { id: project.id }, dataType: "LAYER", name: "Plain" } });
    expect((await t.call("GET", `/layer/get-list/${plain.body.id}`, { cookie: moderator.cookie })).body).toEqual([]);
    const given = await saveLayer(moderator.cookie, { id: plain.body.id, project: { id: project.id }, name: "Plain", type: "LAYER_POI" });
    expect(given.status).toBe(200);
    expect((await t.call("GET", `/layer/get-list/${plain.body.id}`, { cookie: moderator.cookie })).body).toHaveLength(1);
  });
});

describe("layer/tile-servers", () => {
  test("members read the tile servers an administrator allowed, as origins, for the creator to check a template as layer/save does", async () => {
    const { member } = await f.projectScene();
    allow("https://tiles.example.org:8443 http://127.0.0.1:9");
    expect((await t.call("GET", "/layer/tile-servers", { cookie: member.cookie })).body).toEqual(["http://127.0.0.1:9", "https://tiles.example.org:8443"]);
    expect((await t.call("GET", "/layer/tile-servers")).status).toBe(401);
  });
});

describe("zws/buffer", () => {
  test("a moderator stores a layer's data by key; readers of the layer read it; others get 403 or 404", async () => {
    const { project, moderator, member, outsider } = await f.projectScene();
    const layer = (await saveLayer(moderator.cookie, { project: { id: project.id }, name: "Network", type: "ZWS" })).body;
    const put = (cookie: string, value: string) => t.call("POST", "/zws/buffer", { cookie, body: { id: { layerId: layer.id, key: "types" }, value } });
    expect((await t.call("GET", `/zws/buffer?layerId=${layer.id}&key=types`, { cookie: member.cookie })).body).toEqual({ layerId: layer.id, key: "types", value: null });
    expect((await put(moderator.cookie, '{"a":1}')).status).toBe(200);
    expect((await put(moderator.cookie, '{"a":2}')).status).toBe(200);
    expect((await t.call("GET", `/zws/buffer?layerId=${layer.id}&key=types`, { cookie: member.cookie })).body.value).toBe('{"a":2}');
    expect((await put(member.cookie, "poisoned")).status).toBe(403);
    expect((await put(outsider.cookie, "poisoned")).status).toBe(404);
    expect((await t.call("GET", `/zws/buffer?layerId=${layer.id}&key=types`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/zws/buffer?layerId=${layer.id}&key=`, { cookie: member.cookie })).status).toBe(422);
    expect(t.db.select().from(zwsBuffer).all().map((r) => r.value)).toEqual(['{"a":2}']);
  });
});
