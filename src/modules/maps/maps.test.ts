import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, mapLayers, maps, settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const TILES = "http://127.0.0.1:9";

/** A project scene with an allowed tile server and two layers made through layer/save by the moderator. */
async function scene() {
  const s = await f.projectScene();
  t.db.update(settings).set({ body: TILES }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
  const layer = async (body: Record<string, unknown>) => {
    const res = await t.call("POST", "/layer/save", { cookie: s.moderator.cookie, body: { project: { id: s.project.id }, ...body } });
    expect(res.status).toBe(200);
    return res.body as { id: number };
  };
  const streets = await layer({ name: "Streets", type: "XYZ", url: `${TILES}/{z}/{x}/{y}.png` });
  const points = await layer({ name: "Wells", type: "LAYER_POI" });
  return { ...s, streets, points };
}

const save = (cookie: string, body: unknown) => t.call("POST", "/map/save", { cookie, body });

describe("map/save", () => {
  test("a moderator's new map keeps its view and layers; map/get answers them in order with each layer's public fields", async () => {
    const { project, moderator, member, streets, points } = await scene();
    const position = JSON.stringify({ center: [37.6, 55.7], zoom: 10, extent: [30, 50, 45, 60] });
    const res = await save(moderator.cookie, {
      id: 0,
      project: { id: project.id },
      dataType: "MAP",
      name: "Wells of the district",
      position,
      layerConfigList: [
        { layer: { id: points.id }, visible: true, indexNumber: 1, themes: "", labels: "3,4" },
        { layer: { id: streets.id }, visible: false, indexNumber: 0 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Wells of the district", projectId: project.id, parentMap: null, inherited: false });
    expect(JSON.parse(res.body.position)).toEqual({ center: [37.6, 55.7], zoom: 10, extent: [30, 50, 45, 60] });
    const got = await t.call("GET", `/map/get?id=${res.body.id}`, { cookie: member.cookie });
    expect(got.status).toBe(200);
    expect(got.body.layerConfigList).toEqual([
      {
        layer: { id: streets.id, name: "Streets", projectId: project.id, type: "XYZ", visible: true, url: `${TILES}/{z}/{x}/{y}.png`, projection: "EPSG:3857", tiles: `/api/tiles/${streets.id}/{z}/{x}/{y}` },
        visible: false,
        indexNumber: 0,
        themes: "",
        labels: "",
      },
      { layer: { id: points.id, name: "Wells", projectId: project.id, type: "LAYER_POI", visible: true, url: null, projection: "EPSG:3857", tiles: null }, visible: true, indexNumber: 1, themes: "", labels: "3,4" },
    ]);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, res.body.id)).get()).toMatchObject({ dataType: "MAP", ownerId: moderator.user.id });
  });

  test("a map saved without a view gets the defaults: extent [-528,-90,551,90], zoom 6, centre [0,0]; saving again replaces its layers", async () => {
    const { project, moderator, streets, points } = await scene();
    const made = await save(moderator.cookie, { project: { id: project.id }, name: "Blank", layerConfigList: [{ layer: { id: streets.id } }] });
    expect(JSON.parse(made.body.position)).toEqual({ center: [0, 0], zoom: 6, extent: [-528, -90, 551, 90] });
    const again = await save(moderator.cookie, { id: made.body.id, project: { id: project.id }, name: "Blank", layerConfigList: [{ layer: { id: points.id } }] });
    expect(again.status).toBe(200);
    expect(again.body.layerConfigList.map((c: { layer: { id: number } }) => c.layer.id)).toEqual([points.id]);
    expect(JSON.parse(again.body.position).zoom).toBe(6);
    // Save-as: id 0 and a new name make a second map; the first is unchanged.
    const copy = await save(moderator.cookie, { id: 0, project: { id: project.id }, name: "Copy", position: again.body.position, layerConfigList: [{ layer: { id: streets.id } }] });
    expect(copy.body.id).not.toBe(made.body.id);
    expect(t.db.select().from(mapLayers).where(eq(mapLayers.mapId, made.body.id)).all().map((r) => r.layerId)).toEqual([points.id]);
  });

  test("bad input is a 422 naming the field, and nothing is written", async () => {
    const { project, moderator, streets } = await scene();
    const other = f.project("Elsewhere");
    const foreign = f.dataItem(other.id, { dataType: "LAYER", name: "Foreign" });
    const plainDoc = f.dataItem(project.id, { dataType: "DOC", name: "Not a layer" });
    const cases: [unknown, string][] = [
      [{ project: { id: project.id }, name: "  " }, "body.name"],
      [{ project: { id: project.id }, name: "M", position: "{not json" }, "body.position"],
      [{ project: { id: project.id }, name: "M", position: JSON.stringify({ center: [0, 91] }) }, "body.position.center"],
      [{ project: { id: project.id }, name: "M", position: JSON.stringify({ zoom: 40 }) }, "body.position.zoom"],
      [{ project: { id: project.id }, name: "M", position: JSON.stringify({ extent: [10, 0, 5, 1] }) }, "body.position.extent"],
      [{ project: { id: project.id }, name: "M", layerConfigList: [{ layer: { id: foreign.id } }] }, "body.layerConfigList.0.layer.id"],
      [{ project: { id: project.id }, name: "M", layerConfigList: [{ layer: { id: plainDoc.id } }] }, "body.layerConfigList.0.layer.id"],
      [{ project: { id: project.id }, name: "M", layerConfigList: [{ layer: { id: streets.id } }, { layer: { id: streets.id } }] }, "body.layerConfigList.1.layer.id"],
    ];
    const before = t.db.select().from(dataItems).all().length;
    for (const [body, path] of cases) {
      const res = await save(moderator.cookie, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("validation_failed");
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const malformed = await save(moderator.cookie, { project: { id: project.id }, name: "M", layerConfigList: [{ layer: { id: "first" } }] });
    expect(malformed.status).toBe(422);
    expect(t.db.select().from(dataItems).all().length).toBe(before);
    expect(t.db.select().from(maps).all()).toEqual([]);
  });

  test("401 without a session, 403 for a plain member, 404 for someone outside the project and for another project's map", async () => {
    const { project, member, outsider, moderator } = await scene();
    const body = { project: { id: project.id }, name: "M" };
    expect((await t.call("POST", "/map/save", { body })).status).toBe(401);
    expect((await save(member.cookie, body)).status).toBe(403);
    expect((await save(outsider.cookie, body)).status).toBe(404);
    const other = f.project("Elsewhere");
    const theirs = f.dataItem(other.id, { dataType: "MAP", name: "Theirs" });
    const update = await save(moderator.cookie, { id: theirs.id, project: { id: project.id }, name: "Mine now" });
    expect(update.status).toBe(404);
    expect(update.body.error).toBe("data_not_found");
    expect((await t.call("GET", `/map/get?id=${theirs.id}`, { cookie: moderator.cookie })).status).toBe(404);
    expect((await t.call("GET", "/map/get?id=01", { cookie: moderator.cookie })).status).toBe(422);
    const doc = f.dataItem(project.id, { dataType: "DOC", name: "A document" });
    expect((await t.call("GET", `/map/get?id=${doc.id}`, { cookie: moderator.cookie })).body.error).toBe("data_not_found");
  });
});

describe("the inheriting view", () => {
  test("an ADMIN makes a view of a map without a parent: it shows the parent's layers and has none of its own", async () => {
    const { project, moderator, admin, member, streets } = await scene();
    const parent = await save(moderator.cookie, { project: { id: project.id }, name: "Parent", layerConfigList: [{ layer: { id: streets.id } }] });
    const view = await save(admin.cookie, { id: 0, project: { id: project.id }, name: "View", parentMap: { id: parent.body.id }, position: JSON.stringify({ zoom: 3 }) });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ parentMap: { id: parent.body.id, name: "Parent" }, inherited: true });
    expect(view.body.layerConfigList.map((c: { layer: { id: number } }) => c.layer.id)).toEqual([streets.id]);
    expect(t.db.select().from(mapLayers).where(eq(mapLayers.mapId, view.body.id)).all()).toEqual([]);
    // The view shows the layer too.
    const found = await t.call("GET", `/map/find-by-layer?layerId=${streets.id}`, { cookie: member.cookie });
    expect(found.body).toEqual([
      { id: parent.body.id, name: "Parent" },
      { id: view.body.id, name: "View" },
    ]);
    // A moderator may edit the view's name and position; the parent stays.
    const edited = await save(moderator.cookie, { id: view.body.id, project: { id: project.id }, name: "View 2" });
    expect(edited.body.parentMap).toEqual({ id: parent.body.id, name: "Parent" });
  });

  test("refused: a moderator, a parent that has a parent, own layers, another project's map, the map itself", async () => {
    const { project, moderator, admin, streets } = await scene();
    const parent = await save(moderator.cookie, { project: { id: project.id }, name: "Parent" });
    const forbidden = await save(moderator.cookie, { project: { id: project.id }, name: "V", parentMap: { id: parent.body.id } });
    expect(forbidden.status).toBe(403);
    const view = await save(admin.cookie, { project: { id: project.id }, name: "View", parentMap: { id: parent.body.id } });
    const other = f.dataItem(f.project("Elsewhere").id, { dataType: "MAP", name: "Theirs" });
    const cases: [unknown, string][] = [
      [{ project: { id: project.id }, name: "V2", parentMap: { id: view.body.id } }, "body.parentMap.id"],
      [{ project: { id: project.id }, name: "V3", parentMap: { id: parent.body.id }, layerConfigList: [{ layer: { id: streets.id } }] }, "body.layerConfigList"],
      [{ project: { id: project.id }, name: "V4", parentMap: { id: other.id } }, "body.parentMap.id"],
      [{ id: parent.body.id, project: { id: project.id }, name: "Parent", parentMap: { id: parent.body.id } }, "body.parentMap.id"],
      [{ id: parent.body.id, project: { id: project.id }, name: "Parent", parentMap: { id: f.dataItem(project.id, { dataType: "MAP", name: "Other" }).id } }, "body.parentMap.id"],
      [{ id: view.body.id, project: { id: project.id }, name: "View", layerConfigList: [{ layer: { id: streets.id } }] }, "body.layerConfigList"],
    ];
    for (const [body, path] of cases) {
      const res = await save(admin.cookie, body);
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Clearing the parent is ADMIN's too.
    expect((await save(moderator.cookie, { id: view.body.id, project: { id: project.id }, name: "View", parentMap: null })).status).toBe(403);
    const cleared = await save(admin.cookie, { id: view.body.id, project: { id: project.id }, name: "View", parentMap: null });
    expect(cleared.body).toMatchObject({ parentMap: null, inherited: false, layerConfigList: [] });
  });
});

describe("map/find-by-layer and the MAP type", () => {
  test("maps showing a layer that the reader may open; a layer of another project is 404", async () => {
    const { project, moderator, member, outsider, streets, points } = await scene();
    await save(moderator.cookie, { project: { id: project.id }, name: "Only wells", layerConfigList: [{ layer: { id: points.id } }] });
    const hidden = await save(moderator.cookie, { project: { id: project.id }, name: "Removed", layerConfigList: [{ layer: { id: streets.id } }] });
    expect((await t.call("GET", `/data/remove?id=${hidden.body.id}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await t.call("GET", `/map/find-by-layer?layerId=${streets.id}`, { cookie: member.cookie })).body).toEqual([]);
    expect((await t.call("GET", `/map/find-by-layer?layerId=${streets.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/map/find-by-layer?layerId=${streets.id}`)).status).toBe(401);
  });

  test("data/save takes no content fields for a MAP; a map made there opens with the default view", async () => {
    const { project, moderator } = await scene();
    const refused = await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { project: { id: project.id }, dataType: "MAP", name: "M", value: "{}" } });
    expect(refused.status).toBe(422);
    const made = await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { project: { id: project.id }, dataType: "MAP", name: "Plain" } });
    expect(made.status).toBe(200);
    const got = await t.call("GET", `/map/get?id=${made.body.id}`, { cookie: moderator.cookie });
    expect(JSON.parse(got.body.position)).toEqual({ center: [0, 0], zoom: 6, extent: [-528, -90, 551, 90] });
    expect(got.body.layerConfigList).toEqual([]);
    expect(got.body.panorama).toBeNull();
  });

  test("map/get carries the administrator's panorama link for the right-click menu", async () => {
    const { project, moderator, member } = await scene();
    t.db.update(settings).set({ body: "https://pano.example.org/?ll={lat},{lon}" }).where(eq(settings.label, "GIS_PANORAMA_URL")).run();
    const map = await save(moderator.cookie, { project: { id: project.id }, name: "Pano" });
    expect((await t.call("GET", `/map/get?id=${map.body.id}`, { cookie: member.cookie })).body.panorama).toBe("https://pano.example.org/?ll={lat},{lon}");
  });

  test("a map deleted for good takes its rows; a layer deleted for good leaves the maps that showed it", async () => {
    const { project, moderator, admin, streets } = await scene();
    const map = await save(moderator.cookie, { project: { id: project.id }, name: "Gone", layerConfigList: [{ layer: { id: streets.id } }] });
    const keep = await save(moderator.cookie, { project: { id: project.id }, name: "Kept", layerConfigList: [{ layer: { id: streets.id } }] });
    for (const id of [map.body.id, streets.id]) {
      expect((await t.call("GET", `/data/remove?id=${id}`, { cookie: moderator.cookie })).status).toBe(200);
      expect((await t.call("GET", `/data/remove-forever?id=${id}`, { cookie: admin.cookie })).status).toBe(200);
    }
    expect(t.db.select().from(maps).all().map((r) => r.dataId)).toEqual([keep.body.id]);
    expect(t.db.select().from(mapLayers).all()).toEqual([]);
  });
});
