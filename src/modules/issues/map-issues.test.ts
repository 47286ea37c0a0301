import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categories, dataCategories, dataItems, issues, projects, userProjectCategories, userProjects } from "../../../db/schema";
import { until, withLiveServer } from "../../testing/live-server";
import { mapIssuesDestination } from "./map-live";

// Tasks at map points (spec 3, "Map issue"): the point and the map checked as a task is made from the map's
// menu, and the map's issue topic telling its readers, and only them, that its tasks changed.

const { db, person, api, live } = withLiveServer();

/** A project with a moderator, a plain member and a map in it. */
async function scene() {
  const project = db().insert(projects).values({ name: "Quarry" }).returning().get();
  const moderator = await person();
  const member = await person();
  db().insert(userProjects).values({ userId: moderator.user.id, projectId: project.id, moderator: true }).run();
  const membership = db().insert(userProjects).values({ userId: member.user.id, projectId: project.id }).returning().get();
  const map = db().insert(dataItems).values({ projectId: project.id, name: "Site", dataType: "MAP" }).returning().get();
  return { project, moderator, member, membership, map };
}

const point = (lon: unknown, lat: unknown) => ({ type: "Point", coordinates: [lon, lat] });

describe("a task at a map point", () => {
  test("gets the map and the point; a point out of range, not a point, or a map the member may not use is a 422 naming it, and nothing is made", async () => {
    const s = await scene();
    const made = await api(s.member.cookie, "POST", "/issue/save", { name: "Crack in the wall", project: { id: s.project.id }, map: { id: s.map.id }, coordinates: point(30.25, -89.999) });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ map: { id: s.map.id }, coordinates: '{"type":"Point","coordinates":[30.25,-89.999]}' });
    const count = () => db().select().from(issues).where(eq(issues.projectId, s.project.id)).all().length;

    const other = db().insert(projects).values({ name: "Elsewhere" }).returning().get();
    const foreignMap = db().insert(dataItems).values({ projectId: other.id, name: "Theirs", dataType: "MAP" }).returning().get();
    const hidden = db().insert(categories).values({ projectId: s.project.id, name: "Secret" }).returning().get();
    const shown = db().insert(categories).values({ projectId: s.project.id, name: "Open" }).returning().get();
    const secretMap = db().insert(dataItems).values({ projectId: s.project.id, name: "Secret map", dataType: "MAP" }).returning().get();
    db().insert(dataCategories).values({ dataId: secretMap.id, categoryId: hidden.id }).run();
    db().insert(userProjectCategories).values({ userProjectId: s.membership.id, categoryId: shown.id }).run();
    // Each refusal, and its code where the service gives one (the schema refuses a position of strings first).
    const refusals: [unknown, string, string][] = [
      [{ coordinates: point(10, 90.5) }, "body.coordinates", "issue.badCoordinates"],
      [{ coordinates: point(-180.01, 0) }, "body.coordinates", "issue.badCoordinates"],
      [{ coordinates: point("10", 20) }, "body.coordinates", ""],
      [{ coordinates: { type: "LineString", coordinates: [1, 2] } }, "body.coordinates", "issue.badCoordinates"],
      [{ coordinates: "[10, 20]" }, "body.coordinates", "issue.badCoordinates"],
      [{ map: { id: foreignMap.id } }, "body.map", "issue.unknownMap"],
      [{ map: { id: secretMap.id } }, "body.map", "issue.unknownMap"],
    ];
    for (const [fields, path, code] of refusals) {
      const res = await api(s.member.cookie, "POST", "/issue/save", { name: "Refused", project: { id: s.project.id }, map: { id: s.map.id }, coordinates: point(1, 2), ...(fields as object) });
      expect(res.status).toBe(422);
      expect(res.body.details).toContainEqual(expect.objectContaining(code ? { path, code } : { path }));
    }
    expect(count()).toBe(1);
    // Moving the task off the map to a map it may not use changes nothing either.
    expect((await api(s.member.cookie, "POST", "/issue/update", { id: made.body.id, map: { id: foreignMap.id } })).status).toBe(422);
    expect((await api(s.member.cookie, "GET", `/issue/get?id=${made.body.id}`)).body.map).toEqual({ id: s.map.id });
  });
});

describe("the map's issue topic", () => {
  test("its readers hear at once that a task was placed, changed or removed; a stranger's SUBSCRIBE is refused; a removed member hears nothing more", async () => {
    const s = await scene();
    const destination = mapIssuesDestination(s.map.id);
    const watcher = await live(s.member.cookie);
    const heard = await watcher.inbox(destination);

    const made = (await api(s.moderator.cookie, "POST", "/issue/save", { name: "Fence down", project: { id: s.project.id }, map: { id: s.map.id }, coordinates: point(37.6, 55.7) })).body;
    await until(() => heard.length === 1);
    expect(heard[0]).toEqual({ type: "MAP_ISSUES_CHANGED", mapId: s.map.id });
    // What the frame says to ask for: the new task, as the member sees it.
    expect((await api(s.member.cookie, "GET", `/issue/get-issues-by-map?mapId=${s.map.id}`)).body).toEqual([expect.objectContaining({ id: made.id, name: "Fence down", status: "OPEN" })]);
    await api(s.moderator.cookie, "POST", `/issue/change-status?id=${made.id}&status=DONE`);
    await until(() => heard.length === 2);
    // A task not on the map is none of its readers' business.
    await api(s.moderator.cookie, "POST", "/issue/save", { name: "Elsewhere", project: { id: s.project.id } });

    const stranger = await person();
    const s2 = await live(stranger.cookie);
    const errors: string[] = [];
    s2.client.onStompError = (frame) => errors.push(frame.headers.message ?? "");
    s2.client.subscribe(destination, () => undefined);
    await until(() => errors.length > 0);
    expect(errors[0]).toContain("not allowed");

    await api(s.moderator.cookie, "POST", `/issue/remove?id=${made.id}`);
    await until(() => heard.length === 3);
    const admin = await person({ role: "ADMIN" });
    expect((await api(admin.cookie, "POST", `/project/remove-user-project?id=${s.membership.id}`)).status).toBe(200);
    await until(() => watcher.system.some((e) => e.type === "MAP_DETACHED" && e.mapId === s.map.id), 1000);
    await api(s.moderator.cookie, "POST", "/issue/save", { name: "After", project: { id: s.project.id }, map: { id: s.map.id }, coordinates: point(1, 1) });
    // The moderator's own subscription hears this one: by then the removed member's would have too.
    const own = await (await live(s.moderator.cookie)).inbox(destination);
    await api(s.moderator.cookie, "POST", "/issue/save", { name: "Later", project: { id: s.project.id }, map: { id: s.map.id }, coordinates: point(2, 2) });
    await until(() => own.length === 1);
    expect(heard).toHaveLength(3);
    await watcher.client.deactivate();
  });
});
