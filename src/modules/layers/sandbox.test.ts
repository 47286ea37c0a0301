import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { readSandboxQuery, sandboxLayers } from "./sandbox";

const { t, f } = withTestApp();

const read = (query: string) => readSandboxQuery(new URLSearchParams(query));

describe("the map sandbox's query", () => {
  test("reads layers, base layer, centre, zoom and object; names every wrong parameter", () => {
    expect(read("layerIdList=3,1,3&baseLayer=7&lat=55.75&lon=37.6&z=10&featureId=12&featureSys=a:1&url=https://x.example")).toEqual({
      query: { layerIds: [3, 1], baseLayer: 7, lat: 55.75, lon: 37.6, z: 10, featureId: 12, featureSys: "a:1" },
      wrong: [],
    });
    expect(read("layerIdList=1").wrong).toEqual([]);
    expect(read("").wrong).toEqual(["layerIdList"]);
    expect(read("layerIdList=1,x").wrong).toEqual(["layerIdList"]);
    expect(read("layerIdList=0").wrong).toEqual(["layerIdList"]);
    expect(read("layerIdList=1&lat=91&lon=0&z=25&baseLayer=-1&featureId=1.5").wrong).toEqual(["baseLayer", "featureId", "lat", "z"]);
    expect(read("layerIdList=1&lat=10").wrong).toEqual(["lon"]);
    expect(read(`layerIdList=${Array.from({ length: 201 }, (_, i) => i + 1).join(",")}`).wrong).toEqual(["layerIdList"]);
  });

  test("layers the reader may not open, of another project, or missing are named; the base layer comes last", async () => {
    const { project, member, moderator } = await f.projectScene();
    t.db.update(settings).set({ body: "http://127.0.0.1:9" }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
    const save = async (name: string, type: string, url?: string) => (await t.call("POST", "/layer/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name, type, url } })).body.id as number;
    const wells = await save("Wells", "LAYER_POI");
    const tiles = await save("Tiles", "XYZ", "http://127.0.0.1:9/{z}/{x}/{y}");
    const theirs = f.dataItem(f.project("Elsewhere").id, { dataType: "LAYER", name: "Theirs" }).id;
    const doc = f.dataItem(project.id, { dataType: "DOC", name: "Doc" }).id;
    const answer = sandboxLayers(t.db, member.user, project.id, { layerIds: [wells, theirs, doc, 999_999], baseLayer: tiles });
    expect(answer.layers.map((layer) => layer.name)).toEqual(["Wells", "Tiles"]);
    expect(answer.unknown).toEqual([theirs, doc, 999_999]);
  });
});
