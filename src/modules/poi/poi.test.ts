import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { dataItems, poiChangelog, poiObjects, poiTemplates } from "../../../db/schema";
import { tableTemplates } from "./objects/counts";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const square = (x: number, y: number, size = 1) => ({ type: "Polygon", coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]] });

/** A project with a LAYER item, an administrator's style and a polygon template with a rule, offered on the layer. */
async function scene() {
  const s = await f.projectScene();
  const layer = f.dataItem(s.project.id, { dataType: "LAYER", name: "Parks" });
  const style = (await t.call("POST", "/layer-poi-style", { cookie: s.admin.cookie, body: { name: "Red" } })).body;
  const green = (await t.call("POST", "/layer-poi-style", { cookie: s.admin.cookie, body: { name: "Green", fill: "#00FF0080", stroke: "#00AA00", strokeWidth: 3 } })).body;
  const saved = await t.call("POST", "/layer-poi-template", {
    cookie: s.admin.cookie,
    body: {
      name: "Park",
      graphType: "POLYGON",
      defaultLayerPoiStyle: { id: style.id },
      fields: [
        { name: "Title", type: "STRING", partOfName: true, required: true },
        { name: "District", type: "LIST", options: "North, South", partOfName: false },
        { name: "Length", type: "NUMBER" },
        { name: "Width", type: "NUMBER" },
        { name: "Area", type: "COMPUTED_FIELD", options: "[Length] * [Width]" },
        { name: "Open", type: "BOOLEAN" },
        { name: "Opened on", type: "DATE" },
      ],
      rules: [{ field: { name: "Area" }, predicate: "MORE", thresholdValue: "100", layerPoiStyle: { id: green.id } }],
    },
  });
  expect(saved.status).toBe(200);
  const template = saved.body;
  expect((await t.call("POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`, { cookie: s.admin.cookie })).status).toBe(200);
  const field = (name: string) => template.fields.find((x: { name: string }) => x.name === name).id as number;
  return { s, layer, style, green, template, field };
}

type Scene = Awaited<ReturnType<typeof scene>>;

const objectBody = (sc: Scene, values: Record<string, unknown>, geometry: unknown = square(10, 50)) => ({
  layer: { id: sc.layer.id },
  template: { id: sc.template.id },
  geometry: JSON.stringify(geometry),
  properties: Object.entries(values).map(([name, value]) => ({ field: { id: sc.field(name) }, value })),
});

const counts = () => ({
  objects: t.db.select().from(poiObjects).all().length,
  changes: t.db.select().from(poiChangelog).all().length,
  boxes: t.db.$client.query<{ n: number }, []>("select count(*) as n from poi_objects_rtree").get()!.n,
});

describe("object styles", () => {
  test("a new style starts with a translucent red fill and an opaque red outline; colours keep their alpha", async () => {
    const sc = await scene();
    expect(sc.style).toMatchObject({ name: "Red", fill: "#FF000030", stroke: "#FF0000FF", strokeWidth: 1, imageScale: 1, icon: null });
    expect(sc.green).toMatchObject({ fill: "#00FF0080", stroke: "#00AA00FF", strokeWidth: 3 });
    const list = await t.call("GET", "/layer-poi-style", { cookie: sc.s.member.cookie });
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(["Green", "Red"]);
  });

  test("thickness 0 to 8, icon scale 0.1 to 1, a name; administrators only; a style a rule uses stays", async () => {
    const sc = await scene();
    const admin = sc.s.admin.cookie;
    expect((await t.call("POST", "/layer-poi-style", { cookie: admin, body: { name: "Thick", strokeWidth: 9 } })).status).toBe(422);
    expect((await t.call("POST", "/layer-poi-style", { cookie: admin, body: { name: "Tiny", imageScale: 0.05 } })).status).toBe(422);
    expect((await t.call("POST", "/layer-poi-style", { cookie: admin, body: { name: "Bad", fill: "red" } })).status).toBe(422);
    expect((await t.call("POST", "/layer-poi-style", { cookie: admin, body: { name: "  " } })).body.details[0].path).toBe("body.name");
    expect((await t.call("POST", "/layer-poi-style", { cookie: sc.s.moderator.cookie, body: { name: "Mine" } })).status).toBe(403);
    const used = await t.call("DELETE", `/layer-poi-style?id=${sc.green.id}`, { cookie: admin });
    expect(used.body).toMatchObject({ status: 409, error: "poi_style_in_use" });
    expect((await t.call("DELETE", `/layer-poi-style?id=${sc.style.id}`, { cookie: admin })).status).toBe(200);
    expect((await t.call("GET", "/layer-poi-template", { cookie: admin })).body[0].defaultLayerPoiStyle).toBeNull();
  });
});

describe("point templates", () => {
  test("a template keeps its fields in order and its rule by field", async () => {
    const sc = await scene();
    expect(sc.template.fields.map((x: { name: string }) => x.name)).toEqual(["Title", "District", "Length", "Width", "Area", "Open", "Opened on"]);
    expect(sc.template.rules).toEqual([{ field: { id: sc.field("Area"), name: "Area" }, predicate: "MORE", thresholdValue: "100", layerPoiStyle: { id: sc.green.id } }]);
    expect(sc.template).toMatchObject({ isActive: true, graphType: "POLYGON", defaultLayerPoiStyle: { id: sc.style.id } });
  });

  test("bad templates are refused with every reason and nothing is written", async () => {
    const sc = await scene();
    const before = t.db.select().from(poiTemplates).all().length;
    const res = await t.call("POST", "/layer-poi-template", {
      cookie: sc.s.admin.cookie,
      body: {
        name: "Bad",
        graphType: "POINT",
        fields: [
          { name: "Height", type: "NUMBER", partOfName: true },
          { name: "Kind", type: "STRING" },
          { name: "Calc", type: "COMPUTED_FIELD", options: "[Height] + process.exit()" },
          { name: "Choice", type: "LIST", options: " , " },
          { name: "kind", type: "STRING" },
        ],
        rules: [
          { field: { name: "Missing" }, predicate: "EQUAL", thresholdValue: "1", layerPoiStyle: { id: sc.style.id } },
          { field: { name: "Kind" }, predicate: "LESS", thresholdValue: "1", layerPoiStyle: { id: 999 } },
          { field: { name: "Height" }, predicate: "MORE", thresholdValue: "tall", layerPoiStyle: { id: sc.style.id } },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { path: string; code: string }) => `${d.path} ${d.code}`).sort()).toEqual([
      "body.fields.0.partOfName poi.field.partOfNameStringsOnly",
      "body.fields.2.options poi.field.formula",
      "body.fields.3.options poi.field.optionsRequired",
      "body.fields.4.name poi.field.nameTaken",
      "body.rules.0.field poi.rule.fieldMissing",
      "body.rules.1.layerPoiStyle.id poi.rule.style",
      "body.rules.1.predicate poi.rule.predicate",
      "body.rules.2.thresholdValue poi.rule.threshold",
    ]);
    expect(t.db.select().from(poiTemplates).all().length).toBe(before);
  });

  test("saving again updates fields by id, removes those left out and keeps rules pointing at the same field", async () => {
    const sc = await scene();
    const res = await t.call("POST", "/layer-poi-template", {
      cookie: sc.s.admin.cookie,
      body: {
        id: sc.template.id,
        name: "Park v2",
        graphType: "POLYGON",
        fields: [
          { id: sc.field("Length"), name: "Length", type: "NUMBER" },
          { id: sc.field("Area"), name: "Area", type: "COMPUTED_FIELD", options: "[Length] * 2" },
        ],
        rules: [{ field: { id: sc.field("Area") }, predicate: "LESS", thresholdValue: "5", layerPoiStyle: { id: sc.green.id } }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((x: { id: number }) => x.id)).toEqual([sc.field("Length"), sc.field("Area")]);
    expect(res.body.rules[0].field).toEqual({ id: sc.field("Area"), name: "Area" });
    const other = await t.call("POST", "/layer-poi-template", { cookie: sc.s.admin.cookie, body: { name: "Other", graphType: "POINT", fields: [{ id: sc.field("Title"), name: "T", type: "STRING" }] } });
    expect(other.body.details[0]).toMatchObject({ path: "body.fields.0.id", code: "poi.field.notOfTemplate" });
  });

  test("activation is the system administrator's; an inactive template takes no new objects", async () => {
    const sc = await scene();
    expect((await t.call("POST", `/layer-poi-template/deactivate?id=${sc.template.id}`, { cookie: sc.s.admin.cookie })).status).toBe(403);
    const root = await t.userWithCookie("SYSTEM_ADMIN");
    expect((await t.call("POST", `/layer-poi-template/deactivate?id=${sc.template.id}`, { cookie: root.cookie })).body.isActive).toBe(false);
    const res = await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Oak park" }) });
    expect(res.body.details[0]).toMatchObject({ path: "body.template.id", code: "poi.object.templateNotOffered" });
    expect((await t.call("POST", `/layer-poi-template/activate?id=${sc.template.id}`, { cookie: root.cookie })).body.isActive).toBe(true);
  });

  test("binding a template to a layer is an administrator's, on LAYER items only, and answers the layer's templates", async () => {
    const sc = await scene();
    const path = `/layer/unbind-poi-template?layerId=${sc.layer.id}&templateId=${sc.template.id}`;
    expect((await t.call("POST", path, { cookie: sc.s.moderator.cookie })).status).toBe(403);
    expect((await t.call("POST", path, { cookie: sc.s.admin.cookie })).body).toEqual({ id: sc.layer.id, poiTemplates: [] });
    const doc = f.dataItem(sc.s.project.id);
    expect((await t.call("POST", `/layer/bind-poi-template?layerId=${doc.id}&templateId=${sc.template.id}`, { cookie: sc.s.admin.cookie })).status).toBe(404);
    const bound = await t.call("POST", `/layer/bind-poi-template?layerId=${sc.layer.id}&templateId=${sc.template.id}`, { cookie: sc.s.admin.cookie });
    expect(bound.body.poiTemplates.map((x: { id: number }) => x.id)).toEqual([sc.template.id]);
  });

  test("by-layers lists what each layer offers to members who may open it; an outsider's ask is 404", async () => {
    const sc = await scene();
    const bare = f.dataItem(sc.s.project.id, { dataType: "LAYER", name: "Empty" });
    const path = `/layer-poi-template/by-layers?layerIds=${sc.layer.id},${bare.id}`;
    const listed = await t.call("GET", path, { cookie: sc.s.member.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.map((x: { id: number; poiTemplates: { name: string; fields: unknown[] }[] }) => [x.id, x.poiTemplates.map((p) => [p.name, p.fields.length])])).toEqual([
      [sc.layer.id, [["Park", 7]]],
      [bare.id, []],
    ]);
    expect((await t.call("GET", path, { cookie: sc.s.outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", path)).status).toBe(401);
    expect((await t.call("GET", "/layer-poi-template/by-layers?layerIds=0", { cookie: sc.s.member.cookie })).status).toBe(422);
  });
});

describe("layer/get-poi-templates", () => {
  test("readers of a layer read the templates it offers; others get 404", async () => {
    const sc = await scene();
    const read = (cookie?: string) => t.call("GET", `/layer/get-poi-templates?layerId=${sc.layer.id}`, { cookie });
    const offered = await read(sc.s.member.cookie);
    expect(offered.body).toMatchObject({ id: sc.layer.id, poiTemplates: [{ id: sc.template.id, name: "Park" }] });
    expect(offered.body.poiTemplates[0].fields).toHaveLength(7);
    expect((await read(sc.s.outsider.cookie)).status).toBe(404);
    expect((await read()).status).toBe(401);
  });
});

describe("objects", () => {
  test("a moderator creates an object: the name from partOfName fields, the computed field, a CREATE changelog entry", async () => {
    const sc = await scene();
    const res = await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "  Oak park ", Length: "1 234.5", Width: 2, District: "North" }) });
    expect(res.status).toBe(200);
    const object = res.body;
    expect(object).toMatchObject({ name: "Oak park", version: 1, layer: { id: sc.layer.id }, template: { id: sc.template.id } });
    expect(object.properties).toContainEqual({ field: { id: sc.field("Area") }, value: 2469 });
    expect(object.properties).toContainEqual({ field: { id: sc.field("Length") }, value: 1234.5 });
    expect(JSON.parse(object.geometry)).toEqual(square(10, 50));
    const log = await t.call("GET", `/layer-poi/changelog/get?lpId=${object.id}`, { cookie: sc.s.member.cookie });
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ changeType: "CREATE", author: { id: sc.s.moderator.user.id }, geometry: object.geometry });
    expect(log.body[0].changeListByFields).toContainEqual({ fieldName: "Title", value: "Oak park" });
    expect((await t.call("GET", `/layer-poi/find-by-id?id=${object.id}`, { cookie: sc.s.member.cookie })).body.name).toBe("Oak park");
    expect((await t.call("GET", `/layer-poi/get-metadata?lpId=${object.id}`, { cookie: sc.s.member.cookie })).body).toEqual({ issueCount: 0, attachedDataCount: 0, attachedFilesCount: 0 });
  });

  test("members read, only moderators write, outsiders see nothing", async () => {
    const sc = await scene();
    const created = (await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "A" }) })).body;
    expect((await t.call("POST", "/layer-poi/save", { cookie: sc.s.member.cookie, body: objectBody(sc, { Title: "B" }) })).status).toBe(403);
    expect((await t.call("DELETE", `/layer-poi?id=${created.id}`, { cookie: sc.s.member.cookie })).status).toBe(403);
    for (const path of [`/layer-poi/find-by-id?id=${created.id}`, `/layer-poi/changelog/get?lpId=${created.id}`, `/layer-poi/geo-json?layerId=${sc.layer.id}`]) {
      expect((await t.call("GET", path, { cookie: sc.s.outsider.cookie })).status).toBe(404);
    }
    expect((await t.call("POST", "/layer-poi/save", { cookie: sc.s.outsider.cookie, body: objectBody(sc, { Title: "C" }) })).status).toBe(404);
    expect(counts().objects).toBe(1);
  });

  test("bad geometry and bad values are refused with the place named, and nothing is written", async () => {
    const sc = await scene();
    const before = counts();
    const save = (values: Record<string, unknown>, geometry?: unknown) => t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, values, geometry) });
    const crossing = await save({ Title: "X" }, { type: "Polygon", coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] });
    expect(crossing.status).toBe(422);
    expect(crossing.body.details).toEqual([{ path: "body.geometry.coordinates.0.2", message: "Ring 1, vertex 3: the ring crosses itself" }]);
    expect((await save({ Title: "X" }, square(179.5, 0))).body.details[0].message).toBe("Ring 1, vertex 2: longitude 180.5 is outside -180..180");
    expect((await save({ Title: "X" }, { type: "Point", coordinates: [1, 2] })).body.details[0].path).toBe("body.geometry.type");
    expect((await save({ Title: "X" }, { type: "Polygon", coordinates: [[[0, 0], [1, 0], [0, 0], [0, 0]]] })).status).toBe(422);
    const values = await save({ Length: "12 apples", District: "East", Open: "yes", "Opened on": "2026-13-01" });
    expect(values.body.details.map((d: { code: string }) => d.code).sort()).toEqual(["poi.value.not_boolean", "poi.value.not_date", "poi.value.not_number", "poi.value.not_option", "poi.value.required"]);
    expect(counts()).toEqual(before);
  });

  test("a stale save is 409 stale_version and changes nothing; a fresh one writes the changed fields to the changelog", async () => {
    const sc = await scene();
    const created = (await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Oak park", Length: 5 }) })).body;
    const edit = (version: number, values: Record<string, unknown>, geometry?: unknown) =>
      t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: { ...objectBody(sc, values, geometry), id: created.id, version } });
    const first = await edit(1, { Title: "Oak park", Length: 50, Width: 3 }, square(11, 50));
    expect(first.body).toMatchObject({ version: 2 });
    const before = counts();
    const stale = await edit(1, { Title: "Elm park" });
    expect(stale.body).toMatchObject({ status: 409, error: "stale_version" });
    expect(counts()).toEqual(before);
    expect((await t.call("GET", `/layer-poi/find-by-id?id=${created.id}`, { cookie: sc.s.member.cookie })).body.name).toBe("Oak park");
    const log = (await t.call("GET", `/layer-poi/changelog/get?lpId=${created.id}`, { cookie: sc.s.member.cookie })).body;
    expect(log[0].changeType).toBe("UPDATE");
    expect(log[0].changeListByFields).toEqual([
      { fieldName: "Length", value: 50 },
      { fieldName: "Width", value: 3 },
      { fieldName: "Area", value: 150 },
    ]);
    expect(JSON.parse(log[0].geometry)).toEqual(square(11, 50));
    expect((await edit(2, { Title: "Oak park", Length: 50, Width: 3 }, square(11, 50))).body.version).toBe(3);
    expect((await t.call("GET", `/layer-poi/changelog/get?lpId=${created.id}`, { cookie: sc.s.member.cookie })).body[0]).toMatchObject({ changeListByFields: [], geometry: null });
  });

  test("the changelog is written in the change's transaction: when its entry cannot be written, the object is not saved either", async () => {
    const sc = await scene();
    const created = (await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Oak park" }) })).body;
    const before = counts();
    t.db.$client.run("create trigger poi_changelog_refused before insert on poi_changelog begin select raise(abort, 'refused'); end");
    try {
      const update = await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: { ...objectBody(sc, { Title: "Elm park" }), id: created.id, version: 1 } });
      const create = await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Ash park" }) });
      expect([update.body.error, create.body.error]).toEqual(["internal_error", "internal_error"]);
    } finally {
      t.db.$client.run("drop trigger poi_changelog_refused");
    }
    expect(counts()).toEqual(before);
    expect((await t.call("GET", `/layer-poi/find-by-id?id=${created.id}`, { cookie: sc.s.member.cookie })).body).toMatchObject({ name: "Oak park", version: 1 });
  });

  test("a deleted object leaves a DELETE entry that members still read, and its box leaves the R-tree", async () => {
    const sc = await scene();
    const created = (await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Gone" }) })).body;
    expect((await t.call("DELETE", `/layer-poi?id=${created.id}`, { cookie: sc.s.moderator.cookie })).status).toBe(200);
    expect(counts()).toMatchObject({ objects: 0, boxes: 0 });
    expect((await t.call("GET", `/layer-poi/find-by-id?id=${created.id}`, { cookie: sc.s.member.cookie })).status).toBe(404);
    const log = (await t.call("GET", `/layer-poi/changelog/get?lpId=${created.id}`, { cookie: sc.s.member.cookie })).body;
    expect(log.map((e: { changeType: string }) => e.changeType)).toEqual(["DELETE", "CREATE"]);
  });

  test("find-by-name: contained, ignoring case, unless exact", async () => {
    const sc = await scene();
    for (const title of ["Oak park", "Big OAK", "Elm"]) await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: title }) });
    const find = (q: string) => t.call("GET", `/layer-poi/find-by-name?layerIds=${sc.layer.id}&${q}`, { cookie: sc.s.member.cookie });
    expect((await find("name=oak")).body.content.map((o: { name: string }) => o.name)).toEqual(["Big OAK", "Oak park"]);
    expect((await find("name=oak&exactMatch=true")).body.content).toEqual([]);
    expect((await find("name=elm&exactMatch=true")).body.content.map((o: { name: string }) => o.name)).toEqual(["Elm"]);
    expect((await find("name=%25")).body.content).toEqual([]);
  });

  test("find-by-name and the table's text filter ignore case in Cyrillic too (SQLite's LIKE folds ASCII only)", async () => {
    const sc = await scene();
    for (const title of ["Парк Дружбы", "ДРУЖНЫЙ сквер", "Сад"]) await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: title }) });
    const find = (q: string) => t.call("GET", `/layer-poi/find-by-name?layerIds=${sc.layer.id}&${q}`, { cookie: sc.s.member.cookie });
    expect((await find(`name=${encodeURIComponent("дружн")}`)).body.content.map((o: { name: string }) => o.name)).toEqual(["ДРУЖНЫЙ сквер"]);
    expect((await find(`name=${encodeURIComponent("друж")}`)).body.content).toHaveLength(2);
    expect((await find(`name=${encodeURIComponent("сад")}&exactMatch=true`)).body.content.map((o: { name: string }) => o.name)).toEqual(["Сад"]);
    expect((await find(`name=${encodeURIComponent("са")}&exactMatch=true`)).body.content).toEqual([]);
    const filter = (value: string) =>
      t.call("POST", `/layer-poi/filter?layerId=${sc.layer.id}&templateId=${sc.template.id}`, { cookie: sc.s.member.cookie, body: { layerPoiCriteria: [{ fieldId: sc.field("Title"), value }] } });
    expect((await filter("ПАРК")).body.content.map((o: { name: string }) => o.name)).toEqual(["Парк Дружбы"]);
    expect((await filter("дружбы")).body.totalElements).toBe(1);
  });
});

describe("the object table", () => {
  async function filled() {
    const sc = await scene();
    for (let i = 0; i < 12; i++) {
      const values = { Title: `Park ${i}`, District: i % 2 ? "North" : "South", Open: i % 3 === 0, Length: i + 1, Width: 2, "Opened on": "2026-05-01" };
      expect((await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, values, square(i, 0)) })).status).toBe(200);
    }
    return sc;
  }

  test("pages of 10 and filters on text, list and yes/no fields; other fields are refused", async () => {
    const sc = await filled();
    const filter = (body: unknown) => t.call("POST", `/layer-poi/filter?layerId=${sc.layer.id}&templateId=${sc.template.id}`, { cookie: sc.s.member.cookie, body });
    const first = await filter({ page: 0 });
    expect(first.body.totalElements).toBe(12);
    expect(first.body.content).toHaveLength(10);
    expect((await filter({ page: 1 })).body.content).toHaveLength(2);
    const north = await filter({ layerPoiCriteria: [{ fieldId: sc.field("District"), dataType: "LIST", value: "North" }, { fieldId: sc.field("Open"), dataType: "BOOLEAN", value: true }] });
    expect(north.body.content.map((o: { name: string }) => o.name)).toEqual(["Park 3", "Park 9"]);
    const text = await filter({ layerPoiCriteria: [{ fieldId: sc.field("Title"), value: "park 1" }] });
    expect(text.body.totalElements).toBe(3);
    expect((await filter({ layerPoiCriteria: [{ fieldId: sc.field("Length"), value: "1" }] })).status).toBe(422);
  });

  test("the table's templates: the layer's own and those its objects have, each counted, by name", async () => {
    const sc = await scene();
    await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Oak" }) });
    await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "Elm" }, square(20, 50)) });
    const admin = sc.s.admin.cookie;
    const empty = (await t.call("POST", "/layer-poi-template", { cookie: admin, body: { name: "Alley", graphType: "LINE_STRING" } })).body;
    await t.call("POST", `/layer/bind-poi-template?layerId=${sc.layer.id}&templateId=${empty.id}`, { cookie: admin });
    // Unbound, the parks keep their objects and their place in the table.
    await t.call("POST", `/layer/unbind-poi-template?layerId=${sc.layer.id}&templateId=${sc.template.id}`, { cookie: admin });
    expect(tableTemplates(t.db, sc.s.member.user, sc.layer.id).map(({ name, count }) => [name, count])).toEqual([
      ["Alley", 0],
      ["Park", 2],
    ]);
    expect(() => tableTemplates(t.db, sc.s.outsider.user, sc.layer.id)).toThrow();
  });

  test("XLSX export types its cells; delete-by-template is the administrator's and answers the count", async () => {
    const sc = await filled();
    const res = await t.app.handle(
      new Request(`http://plexus.test/api/layer-poi/export/xlsx?layerId=${sc.layer.id}&templateId=${sc.template.id}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: sc.s.member.cookie } }),
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Name", "Title", "District", "Length", "Width", "Area", "Open", "Opened on"]);
    const row = sheet.getRow(2);
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(6).value).toBe(2);
    expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Boolean);
    expect(row.getCell(8).value).toEqual(new Date(Date.UTC(2026, 4, 1)));
    const path = `/layer-poi/delete-by-template?layerId=${sc.layer.id}&templateId=${sc.template.id}`;
    expect((await t.call("DELETE", path, { cookie: sc.s.moderator.cookie })).status).toBe(403);
    expect((await t.call("DELETE", path, { cookie: sc.s.admin.cookie })).body).toEqual({ count: 12 });
    expect(counts()).toEqual({ objects: 0, boxes: 0, changes: 24 });
  }, 30_000);
});

describe("the map's GeoJSON", () => {
  test("objects in the box come with the style their first matching rule gives; past the limit, clusters with counts", async () => {
    const sc = await scene();
    const save = (title: string, length: number, x: number) => t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: title, Length: length, Width: 10 }, square(x, 10)) });
    const small = (await save("Small", 5, 0)).body;
    const big = (await save("Big", 50, 2)).body;
    await save("Far", 1, 100);
    const geo = (query: string, kind = "min-geo-json") => t.call("GET", `/layer-poi/${kind}?layerId=${sc.layer.id}&${query}`, { cookie: sc.s.member.cookie });
    const view = await geo("bbox=-1,9,4,12");
    expect(view.headers.get("content-type")).toContain("application/json");
    expect(view.body).toMatchObject({ type: "FeatureCollection", clustered: false, total: 2 });
    const byId = new Map(view.body.features.map((x: { id: number }) => [x.id, x]));
    expect(byId.get(small.id)).toMatchObject({ type: "Feature", geometry: square(0, 10), properties: { styleId: sc.style.id, templateId: sc.template.id } });
    expect(byId.get(big.id)).toMatchObject({ properties: { styleId: sc.green.id } });
    expect(view.body.features[0].properties).toEqual({ templateId: sc.template.id, styleId: expect.any(Number) });
    const clustered = await geo("limit=2");
    expect(clustered.body).toMatchObject({ clustered: true, total: 3 });
    expect(clustered.body.features.reduce((n: number, x: { properties: { count: number } }) => n + x.properties.count, 0)).toBe(3);
    expect((await geo("bbox=5,0,1,1")).status).toBe(422);
    expect((await geo("bbox=a,b,c,d")).status).toBe(422);
  });

  test("removing the layer removes its objects and their boxes (the R-tree follows cascades)", async () => {
    const sc = await scene();
    await t.call("POST", "/layer-poi/save", { cookie: sc.s.moderator.cookie, body: objectBody(sc, { Title: "A" }) });
    expect(counts().boxes).toBe(1);
    t.db.delete(dataItems).where(eq(dataItems.id, sc.layer.id)).run();
    expect(counts()).toEqual({ objects: 0, boxes: 0, changes: 0 });
  });
});
