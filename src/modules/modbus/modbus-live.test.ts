import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { projects, settings, userProjects } from "../../../db/schema";
import { until, withLiveServer } from "../../testing/live-server";
import { newMemory, startDevice } from "../../testing/modbus-device";

setDefaultTimeout(30_000);
const { db, person, api, live } = withLiveServer();
const memory = newMemory();
memory.holding.set(0, 17);
const device = await startDevice(memory);
afterAll(() => device.stop());

describe("the unit's live topic /ws-broker/{unitId}", () => {
  test("members hear readings; a stranger's SUBSCRIBE is refused; a member removed from the project is detached at once", async () => {
    const project = db().insert(projects).values({ name: "Plant" }).returning().get();
    const moderator = await person();
    const member = await person();
    const stranger = await person();
    const admin = await person({ role: "ADMIN" });
    db().insert(userProjects).values({ userId: moderator.user.id, projectId: project.id, moderator: true }).run();
    db().update(settings).set({ body: "127.0.0.1" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
    const membership = db().insert(userProjects).values({ userId: member.user.id, projectId: project.id }).returning().get();
    const saved = await api(moderator.cookie, "POST", "/modbus-unit/save", { project: { id: project.id }, name: "Pump", ipAddress: `127.0.0.1:${device.port}`, pollPeriod: 100, fields: [{ address: 0, name: "Level" }] });
    expect(saved.status).toBe(200);
    const destination = `/ws-broker/${saved.body.id}`;

    const m = await live(member.cookie);
    const heard = await m.inbox(destination);
    await until(() => heard.some((e) => e.type === "READING" && e.readings[0].value === 17), 5000);
    expect(heard.find((e) => e.type === "READING")).toMatchObject({ unitId: saved.body.id, readings: [{ fieldId: saved.body.fields[0].id, value: 17 }] });

    const s = await live(stranger.cookie);
    const errors: string[] = [];
    s.client.onStompError = (frame) => errors.push(frame.headers.message ?? "");
    s.client.subscribe(destination, () => undefined);
    await until(() => errors.length > 0);
    expect(errors[0]).toContain("not allowed");

    expect((await api(admin.cookie, "POST", `/project/remove-user-project?id=${membership.id}`)).status).toBe(200);
    await until(() => m.system.some((e) => e.type === "UNIT_DETACHED" && e.unitId === saved.body.id), 1000);
    const count = heard.length;
    await Bun.sleep(400);
    expect(heard.length).toBe(count);
    await m.client.deactivate();
  });
});
