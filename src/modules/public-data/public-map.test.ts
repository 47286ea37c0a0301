import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, sessions, settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const TILES = "http://127.0.0.1:9";
const SECRET = "555-0199 owner's phone";

/**
 * A project with a public and a private category. Points layers: Wells (switched on in the public map), Hidden
 * (on the map but switched off), Other (on no public map); XYZ layers: Streets (on), Night (off). A template with a
 * field shown on the map (Title) and one that is not (Phone); a map in each category and a public report.
 */
async function scene() {
  const s = await f.projectScene({ name: "Water" });
  t.db.update(settings).set({ body: TILES }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
  const open = f.category(s.project.id, { name: "Open data", isPublic: true });
  const closed = f.category(s.project.id, { name: "Internal", isPublic: false });
  const as = (cookie: string) => async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, path, { cookie, body });
    expect([path, res.status]).toEqual([path, 200]);
    return res.body;
  };
  const admin = as(s.admin.cookie);
  const layer = (name: string, type: string, url?: string) => admin("POST", "/layer/save", { project: { id: s.project.id }, name, type, url });
  const [wells, hidden, other, streets, night] = [await layer("Wells", "LAYER_POI"), await layer("Hidden", "LAYER_POI"), await layer("Other", "LAYER_POI"), await layer("Streets", "XYZ", `${TILES}/{z}/{x}/{y}.png`), await layer("Night", "XYZ", `${TILES}/n/{z}/{x}/{y}.png`)];
  const style = await admin("POST", "/layer-poi-style", { name: "Blue", fill: "#0000FF80" });
  const template = await admin("POST", "/layer-poi-template", {
    name: "Well",
    graphType: "POINT",
    defaultLayerPoiStyle: { id: style.id },
    fields: [
      { name: "Title", type: "STRING", partOfName: true, required: true, showOnMap: true },
      { name: "Phone", type: "STRING", showOnMap: false },
    ],
  });
  for (const id of [wells.id, hidden.id, other.id]) await admin("POST", `/layer/bind-poi-template?layerId=${id}&templateId=${template.id}`);
  const field = (name: string) => template.fields.find((x: { name: string }) => x.name === name).id;
  const object = (layerId: number, title: string, lon: number) =>
    admin("POST", "/layer-poi/save", {
      layer: { id: layerId },
      template: { id: template.id },
      geometry: JSON.stringify({ type: "Point", coordinates: [lon, 55] }),
      properties: [
        { field: { id: field("Title") }, value: title },
        { field: { id: field("Phone") }, value: SECRET },
      ],
    });
  const well = await object(wells.id, "North well", 37);
  await object(hidden.id, "Hidden well", 37.1);
  await object(other.id, "Other well", 37.2);
  const map = (name: string, category: number, configs: { id: number; visible: boolean }[]) =>
    admin("POST", "/map/save", {
      project: { id: s.project.id },
      name,
      description: "Wells of the district",
      categoryList: [{ id: category }],
      position: JSON.stringify({ center: [37, 55], zoom: 9, extent: [30, 50, 45, 60] }),
      layerConfigList: configs.map(({ id, visible }, indexNumber) => ({ layer: { id }, visible, indexNumber })),
    });
  const publicMap = await map("Public wells", open.id, [
    { id: wells.id, visible: true },
    { id: hidden.id, visible: false },
    { id: streets.id, visible: true },
    { id: night.id, visible: false },
  ]);
  const privateMap = await map("Internal wells", closed.id, [{ id: other.id, visible: true }]);
  const report = f.dataItem(s.project.id, { dataType: "REPORT", name: "Public report", body: "<p>x</p>" }, [open.id]);
  return { ...s, open, wells, hidden, other, streets, night, well, publicMap, privateMap, report };
}

/** Signed out unless a cookie is given. */
const get = (path: string, headers: Record<string, string> = {}) => t.call("GET", path, { headers });
const objectsOf = (mapId: number | string, layerId: number | string) => `/public/map/${mapId}/layer/${layerId}/objects`;

describe("public map frames", () => {
  test("signed out, the frame names the published layers in order, with no tile server address nor project", async () => {
    const { publicMap, wells, streets } = await scene();
    const res = await get(`/public/map/${publicMap.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: publicMap.id, name: "Public wells", description: "Wells of the district", icon: null });
    expect(JSON.parse(res.body.position)).toEqual({ center: [37, 55], zoom: 9, extent: [30, 50, 45, 60] });
    expect(res.body.layers).toEqual([
      { id: wells.id, name: "Wells", type: "LAYER_POI", projection: "EPSG:3857", tiles: null },
      { id: streets.id, name: "Streets", type: "XYZ", projection: "EPSG:3857", tiles: `/api/tiles/${streets.id}/{z}/{x}/{y}` },
    ]);
    const text = JSON.stringify(res.body);
    for (const secret of [TILES, "Hidden", "Night", "Other", "projectId", "Blue"]) expect(text).not.toContain(secret);
  });

  test("a published layer's objects carry their name and the fields shown on the map, never the others", async () => {
    const { publicMap, wells, well } = await scene();
    const res = await get(objectsOf(publicMap.id, wells.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.features).toHaveLength(1);
    expect(res.body.features[0]).toMatchObject({ id: well.id, geometry: { type: "Point", coordinates: [37, 55] }, properties: { name: "North well", labels: { Title: "North well" } } });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(JSON.stringify(res.body)).not.toContain("Phone");
    const found = await get(`/public/map/${publicMap.id}/search?name=well`);
    expect(found.body.content.map((hit: { name: string }) => hit.name)).toEqual(["North well"]);
    expect(JSON.stringify(found.body)).not.toContain(SECRET);
  });

  test("answers are a cacheable snapshot: public for a minute, a strong ETag, 304 on If-None-Match, no session cookie", async () => {
    const { publicMap, wells, member } = await scene();
    for (const path of [`/public/map/${publicMap.id}`, objectsOf(publicMap.id, wells.id), `/public/map/${publicMap.id}/search?name=north`]) {
      const first = await get(path);
      expect([path, first.headers.get("cache-control")]).toEqual([path, "public, max-age=60"]);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"pm[0-9]+-[0-9a-z]+"$/);
      const again = await get(path, { "if-none-match": etag });
      expect([path, again.status]).toEqual([path, 304]);
      // A member reads the same answer, which a shared cache may give anyone: it carries no cookie of theirs, not
      // even when their session is near its end, which any other request renews (sliding expiry) with a Set-Cookie.
      t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.userId, member.user.id)).run();
      const signedIn = await t.call("GET", path, { cookie: member.cookie });
      expect(signedIn.headers.get("etag")).toBe(etag);
      expect(signedIn.headers.get("set-cookie")).toBeNull();
    }
  });

  test("an attacker with foreign ids gets one identical 404 from every public route, signed out or as a member", async () => {
    const { publicMap, privateMap, report, wells, hidden, other, streets, night, member, well } = await scene();
    const otherProject = await scene();
    const removedMap = f.dataItem(otherProject.project.id, { dataType: "MAP", name: "Removed", isActive: false }, [otherProject.open.id]);
    const mapKeys = [privateMap.id, report.id, removedMap.id, wells.id, 999999, "abc", "0", "-1", "1e3", "0x10", `${publicMap.id}.0`];
    const layerKeys = [hidden.id, other.id, streets.id, night.id, otherProject.wells.id, publicMap.id, privateMap.id, 999999, "abc", "0", `${wells.id}.0`];
    const paths = [
      ...mapKeys.flatMap((key) => [`/public/map/${key}`, objectsOf(key, wells.id), `/public/map/${key}/search?name=well`]),
      ...layerKeys.map((key) => objectsOf(publicMap.id, key)),
      // The other project's public map does not publish this project's layer.
      objectsOf(otherProject.publicMap.id, wells.id),
    ];
    const seen = new Set<string>();
    for (const path of paths) {
      for (const cookie of [undefined, member.cookie]) {
        const res = await t.call("GET", path, { cookie });
        expect([path, res.status]).toEqual([path, 404]);
        expect([path, res.headers.get("cache-control")]).toEqual([path, "no-store"]);
        seen.add(JSON.stringify({ error: res.body.error, message: res.body.message, keys: Object.keys(res.body) }));
      }
    }
    // Two shapes only: no such map (data_not_found) and no such layer on it (layer_not_found); nothing more said.
    expect([...seen].map((one) => JSON.parse(one).error).sort()).toEqual(["data_not_found", "layer_not_found"]);
    // The search looks in published layers only.
    const hits = await get(`/public/map/${publicMap.id}/search?name=well`);
    expect(hits.body.content.map((hit: { id: number }) => hit.id)).toEqual([well.id]);
  });

  test("tiles: anyone gets a published XYZ layer's (signed in outside the project too), no outsider an unpublished one's", async () => {
    const { streets, night, outsider } = await scene();
    // The tile server is unreachable: past the access check the proxy says so (502), before it 404.
    for (const cookie of [undefined, outsider.cookie]) {
      expect((await t.call("GET", `/tiles/${streets.id}/0/0/0`, { cookie })).body.error).toBe("tile_server_unreachable");
      expect((await t.call("GET", `/tiles/${night.id}/0/0/0`, { cookie })).status).toBe(404);
    }
  });

  test("a map whose category stopped being public a moment ago is gone at once, its cached ETags too", async () => {
    const { publicMap, wells, open, project, admin } = await scene();
    const paths = [`/public/map/${publicMap.id}`, objectsOf(publicMap.id, wells.id), `/public/map/${publicMap.id}/search?name=well`];
    const tags = await Promise.all(paths.map(async (path) => (await get(path)).headers.get("etag")!));
    const saved = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { id: open.id, name: open.name, isPublic: false, project: { id: project.id } } });
    expect(saved.status).toBe(200);
    for (const [i, path] of paths.entries()) {
      const res = await get(path, { "if-none-match": tags[i]! });
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await get(`/tiles/${publicMap.layerConfigList.at(-1).layer.id}/0/0/0`)).status).toBe(404);
    // Removing the map does the same.
    t.db.update(dataItems).set({ isActive: false }).where(eq(dataItems.id, publicMap.id)).run();
    expect((await get(paths[0]!)).status).toBe(404);
  });
});
