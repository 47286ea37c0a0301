import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, widgets } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const rows = (projectId: number) => t.db.select().from(widgets).where(eq(widgets.projectId, projectId)).all();

/** A project with a member, a moderator, an outsider, and a TABLE and a CHART of its own. */
async function scene() {
  const s = await f.projectScene();
  const table = f.dataItem(s.project.id, { dataType: "TABLE", name: "Levels" });
  const chart = f.dataItem(s.project.id, { dataType: "CHART", name: "Levels by month" });
  return { ...s, table, chart };
}

const widgetBody = (projectId: number, type: string, dataId: number | null, layout: Record<string, number> = {}, id?: number) => ({
  ...(id ? { id } : {}),
  type,
  abstractData: dataId ? { id: dataId } : null,
  project: { id: projectId },
  layout: { x: 0, y: 0, w: 12, h: 16, ...layout },
});

const save = (cookie: string, body: unknown) => t.call("POST", "/widget/save", { cookie, body });
const saveAll = (cookie: string, body: unknown) => t.call("POST", "/widget/save-all", { cookie, body });
const getAll = (cookie: string, projectId: number) => t.call("GET", `/widget/get-all?projectId=${projectId}`, { cookie });

describe("saving and reading", () => {
  test("a moderator saves a TABLE and a CHART widget; every member reads them by position with their source", async () => {
    const { project, moderator, member, table, chart } = await scene();
    const first = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: first.body.id,
      type: "TABLE",
      abstractData: { id: table.id, name: "Levels", dataType: "TABLE" },
      project: { id: project.id },
      layout: { i: String(first.body.id), x: 0, y: 0, w: 12, h: 16 },
    });
    const second = await save(moderator.cookie, widgetBody(project.id, "CHART", chart.id, { y: 16, h: 20 }));
    expect(second.status).toBe(200);
    const read = await getAll(member.cookie, project.id);
    expect(read.status).toBe(200);
    expect(read.body.map((w: { type: string; layout: { y: number } }) => [w.type, w.layout.y])).toEqual([
      ["TABLE", 0],
      ["CHART", 16],
    ]);
    // Changing it keeps its id: the grid key stays.
    const moved = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id, { y: 40 }, first.body.id));
    expect(moved.body.id).toBe(first.body.id);
    expect(rows(project.id).find((w) => w.id === first.body.id)!.y).toBe(40);
  });

  test("a SENSOR needs no source; every other type does", async () => {
    const { project, moderator } = await scene();
    const sensor = await save(moderator.cookie, widgetBody(project.id, "SENSOR", null, { w: 5, h: 7 }));
    expect(sensor.status).toBe(200);
    expect(sensor.body.abstractData).toBeNull();
    for (const type of ["TABLE", "CHART", "MAP"]) {
      const res = await save(moderator.cookie, widgetBody(project.id, type, null, { w: 12, h: 16 }));
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual([{ path: "body.abstractData", message: "Choose the data this widget shows", code: "widget.error.sourceRequired" }]);
    }
    expect(rows(project.id).length).toBe(1);
  });

  test("the source must be of the type the widget shows", async () => {
    const { project, moderator, table, chart } = await scene();
    const doc = f.dataItem(project.id, { dataType: "DOC" });
    const unit = f.dataItem(project.id, { dataType: "MODBUS_UNIT" });
    for (const [type, dataId] of [["TABLE", chart.id], ["CHART", table.id], ["MAP", doc.id], ["SENSOR", table.id]] as const) {
      const res = await save(moderator.cookie, widgetBody(project.id, type, dataId, { w: 12, h: 16 }));
      expect(res.status).toBe(422);
      expect(res.body.details[0].path).toBe("body.abstractData.id");
    }
    expect((await save(moderator.cookie, widgetBody(project.id, "SENSOR", unit.id, { w: 5, h: 7 }))).status).toBe(200);
    expect(rows(project.id).length).toBe(1);
  });

  test("minimum sizes and the 12 columns hold on the server", async () => {
    const { project, moderator, table } = await scene();
    const cases: [string, Record<string, number>, string][] = [
      ["TABLE", { w: 11 }, "body.layout"],
      ["TABLE", { h: 15 }, "body.layout"],
      ["CHART", { w: 6, h: 30 }, "body.layout"],
      ["SENSOR", { w: 4, h: 7 }, "body.layout"],
      ["SENSOR", { w: 5, h: 6 }, "body.layout"],
      ["SENSOR", { x: 8, w: 5, h: 7 }, "body.layout.w"],
      ["TABLE", { y: 9990, h: 16 }, "body.layout.h"],
    ];
    for (const [type, layout, path] of cases) {
      const res = await save(moderator.cookie, widgetBody(project.id, type, type === "SENSOR" ? null : table.id, layout));
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Out of range or not whole: the model refuses them.
    const outOfRange: Record<string, number>[] = [{ x: -1 }, { x: 12 }, { w: 13 }, { y: -1 }, { h: 0 }, { x: 1.5 }];
    for (const layout of outOfRange) {
      const res = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id, layout));
      expect(res.status).toBe(422);
    }
    const sensor = await save(moderator.cookie, widgetBody(project.id, "SENSOR", null, { x: 7, w: 5, h: 7 }));
    expect(sensor.status).toBe(200);
    expect(rows(project.id).length).toBe(1);
  });

  test("another project's data is refused and nothing is stored", async () => {
    const { project, moderator, admin } = await scene();
    const other = f.project("Harbour");
    const foreign = f.dataItem(other.id, { dataType: "TABLE" });
    // The moderator cannot see it: as if it did not exist.
    const hidden = await save(moderator.cookie, widgetBody(project.id, "TABLE", foreign.id));
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("data_not_found");
    // An administrator sees both projects: the data is named as not this project's.
    const seen = await save(admin.cookie, widgetBody(project.id, "TABLE", foreign.id));
    expect(seen.status).toBe(422);
    expect(seen.body.details[0]).toMatchObject({ path: "body.abstractData.id", code: "widget.error.otherProject" });
    expect(rows(project.id)).toEqual([]);
    expect(rows(other.id)).toEqual([]);
  });

  test("a widget of another project cannot be changed through this one", async () => {
    const { project, moderator, table } = await scene();
    const other = f.project("Harbour");
    f.member(moderator.user.id, other.id, true);
    const theirs = await save(moderator.cookie, widgetBody(other.id, "SENSOR", null, { w: 5, h: 7 }));
    const res = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id, {}, theirs.body.id));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("widget_not_found");
    expect(rows(other.id)[0]).toMatchObject({ type: "SENSOR", w: 5 });
  });
});

describe("who may", () => {
  test("a plain member reads but may not save or remove; an outsider gets 404; signed out 401", async () => {
    const { project, moderator, member, outsider, table } = await scene();
    const saved = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id));
    expect((await save(member.cookie, widgetBody(project.id, "TABLE", table.id))).status).toBe(403);
    expect((await saveAll(member.cookie, [widgetBody(project.id, "TABLE", table.id, {}, saved.body.id)])).status).toBe(403);
    expect((await t.call("GET", `/widget/remove?id=${saved.body.id}`, { cookie: member.cookie })).status).toBe(403);
    expect((await getAll(outsider.cookie, project.id)).status).toBe(404);
    expect((await save(outsider.cookie, widgetBody(project.id, "TABLE", table.id))).status).toBe(404);
    const removal = await t.call("GET", `/widget/remove?id=${saved.body.id}`, { cookie: outsider.cookie });
    expect(removal.status).toBe(404);
    expect(removal.body.error).toBe("widget_not_found");
    expect((await getAll("", project.id)).status).toBe(401);
    expect(rows(project.id).length).toBe(1);
  });

  test("a member limited to categories does not get the widgets over data they cannot see", async () => {
    const { project, moderator } = await scene();
    const open = f.category(project.id, { name: "Open" });
    const closed = f.category(project.id, { name: "Closed" });
    const visible = f.dataItem(project.id, { dataType: "TABLE", name: "Visible" }, [open.id]);
    const secret = f.dataItem(project.id, { dataType: "CHART", name: "Secret" }, [closed.id]);
    await save(moderator.cookie, widgetBody(project.id, "TABLE", visible.id));
    await save(moderator.cookie, widgetBody(project.id, "CHART", secret.id, { y: 16 }));
    await save(moderator.cookie, widgetBody(project.id, "SENSOR", null, { y: 32, w: 5, h: 7 }));
    const limited = await t.userWithCookie("USER");
    f.assignCategories(f.member(limited.user.id, project.id).id, [open.id]);
    const names = (await getAll(limited.cookie, project.id)).body.map((w: { type: string; abstractData: { name: string } | null }) => w.abstractData?.name ?? w.type);
    expect(names).toEqual(["Visible", "SENSOR"]);
    expect((await getAll(moderator.cookie, project.id)).body.length).toBe(3);
  });

  test("remove is a state change: a link (no proof header) cannot trigger it", async () => {
    const { project, moderator, table } = await scene();
    const saved = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id));
    const link = await t.call("GET", `/widget/remove?id=${saved.body.id}`, { cookie: moderator.cookie, bare: true });
    expect(link.status).toBe(403);
    expect(rows(project.id).length).toBe(1);
    const own = await t.call("GET", `/widget/remove?id=${saved.body.id}`, { cookie: moderator.cookie });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ id: saved.body.id });
    expect(rows(project.id)).toEqual([]);
  });
});

describe("save-all", () => {
  test("stores the whole layout at once, new widgets included", async () => {
    const { project, moderator, table, chart } = await scene();
    const a = (await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id))).body;
    const b = (await save(moderator.cookie, widgetBody(project.id, "CHART", chart.id, { y: 16 }))).body;
    const res = await saveAll(moderator.cookie, [
      widgetBody(project.id, "TABLE", table.id, { y: 16, h: 20 }, a.id),
      widgetBody(project.id, "CHART", chart.id, { y: 0 }, b.id),
      widgetBody(project.id, "SENSOR", null, { y: 36, x: 7, w: 5, h: 7 }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(3);
    const stored = rows(project.id).map(({ id, y, h }) => ({ id, y, h }));
    expect(stored).toContainEqual({ id: a.id, y: 16, h: 20 });
    expect(stored).toContainEqual({ id: b.id, y: 0, h: 16 });
    expect(stored.length).toBe(3);
  });

  test("is atomic: one bad widget, one foreign id or a second project and nothing changes", async () => {
    const { project, moderator, table, chart } = await scene();
    const a = (await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id))).body;
    const b = (await save(moderator.cookie, widgetBody(project.id, "CHART", chart.id, { y: 16 }))).body;
    const before = rows(project.id);
    const other = f.project("Harbour");
    f.member(moderator.user.id, other.id, true);
    const theirs = (await save(moderator.cookie, widgetBody(other.id, "SENSOR", null, { w: 5, h: 7 }))).body;
    const attempts: [unknown[], number][] = [
      [[widgetBody(project.id, "TABLE", table.id, { y: 30 }, a.id), widgetBody(project.id, "CHART", chart.id, { w: 6 }, b.id)], 422],
      [[widgetBody(project.id, "TABLE", table.id, { y: 30 }, a.id), widgetBody(project.id, "SENSOR", null, { w: 5, h: 7 }, theirs.id)], 404],
      [[widgetBody(project.id, "TABLE", table.id, { y: 30 }, a.id), widgetBody(other.id, "SENSOR", null, { w: 5, h: 7 }, theirs.id)], 422],
      [[widgetBody(project.id, "TABLE", table.id, { y: 30 }, a.id), widgetBody(project.id, "TABLE", table.id, { y: 50 }, a.id)], 422],
      [[widgetBody(project.id, "TABLE", table.id, { y: 30 }, a.id), widgetBody(project.id, "CHART", null, {}, b.id)], 422],
      [[], 422],
    ];
    for (const [body, status] of attempts) {
      const res = await saveAll(moderator.cookie, body);
      expect(res.status).toBe(status);
    }
    expect(rows(project.id)).toEqual(before);
    expect(rows(other.id).map((w) => w.id)).toEqual([theirs.id]);
  });

  test("a project holds at most 100 widgets", async () => {
    const { project, moderator } = await scene();
    const sensors = Array.from({ length: 100 }, (_, n) => widgetBody(project.id, "SENSOR", null, { y: n * 7, w: 5, h: 7 }));
    expect((await saveAll(moderator.cookie, sensors)).status).toBe(200);
    const more = await save(moderator.cookie, widgetBody(project.id, "SENSOR", null, { y: 800, w: 5, h: 7 }));
    expect(more.status).toBe(409);
    expect(more.body.error).toBe("widget_limit");
    expect(rows(project.id).length).toBe(100);
  });
});

describe("when the data goes", () => {
  test("a removed source hides its widget until it is restored; deleted forever, the widget goes too", async () => {
    const { project, moderator, member, admin, table } = await scene();
    const saved = (await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id))).body;
    expect((await t.call("GET", `/data/remove?id=${table.id}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await getAll(member.cookie, project.id)).body).toEqual([]);
    expect((await getAll(moderator.cookie, project.id)).body).toEqual([]);
    // A removed item cannot become a new widget's source either.
    const onRemoved = await save(moderator.cookie, widgetBody(project.id, "TABLE", table.id));
    expect(onRemoved.status).toBe(422);
    expect(onRemoved.body.details[0].code).toBe("widget.error.sourceRemoved");
    expect((await t.call("GET", `/data/restore?id=${table.id}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await getAll(member.cookie, project.id)).body.map((w: { id: number }) => w.id)).toEqual([saved.id]);
    await t.call("GET", `/data/remove?id=${table.id}`, { cookie: moderator.cookie });
    expect((await t.call("GET", `/data/remove-forever?id=${table.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, table.id)).get()).toBeUndefined();
    expect(rows(project.id)).toEqual([]);
  });
});
