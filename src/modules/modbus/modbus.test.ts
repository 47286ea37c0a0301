import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, dataItems, modbusFields, modbusReadings, settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

/** Saves a unit, once an administrator allowed the test's devices (MODBUS_HOSTS). */
const save = (cookie: string, body: Record<string, unknown>) => {
  t.db.update(settings).set({ body: "10.0.0.5, 10.0.0.6" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
  return t.call("POST", "/modbus-unit/save", { cookie, body });
};
const pressure = { address: 0, name: "Pressure", postfix: "Бар", minValue: 0, minThresholdValue: 2, maxThresholdValue: 8, maxValue: 10 };
const unitBody = (projectId: number, extra: Record<string, unknown> = {}) => ({ id: 0, project: { id: projectId }, name: "Pump 1", ipAddress: "10.0.0.5:1502", fields: [pressure], ...extra });

describe("modbus-unit/save", () => {
  test("a moderator's unit keeps its device and fields, with the defaults that make the spec's fields work alone; members read it", async () => {
    const { project, moderator, member } = await f.projectScene();
    const res = await save(moderator.cookie, unitBody(project.id, { fields: [pressure, { address: 1, name: "Flow", dataType: "FLOAT", floatOrder: "CDAB", scale: 0.1 }, { address: 4, name: "Running", dataType: "BOOLEAN" }] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Pump 1", ipAddress: "10.0.0.5:1502", slaveId: 1, pollPeriod: 1000, alarmTask: false, alarmPerformer: null });
    expect(res.body.fields.map((field: Record<string, unknown>) => [field.name, field.dataType, field.registerKind, field.floatOrder, field.color, field.scale])).toEqual([
      ["Pressure", "WORD", "HOLDING", "ABCD", "FF0000", 1],
      ["Flow", "FLOAT", "HOLDING", "CDAB", "FF0000", 0.1],
      ["Running", "BOOLEAN", "COIL", "ABCD", "FF0000", 1],
    ]);
    const got = await t.call("GET", `/modbus-unit/get?id=${res.body.id}`, { cookie: member.cookie });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, res.body.id)).get()).toMatchObject({ dataType: "MODBUS_UNIT", ownerId: moderator.user.id });
  });

  test("saving again changes the fields given with an id, adds those without, removes the rest with their readings; the activity log says what changed", async () => {
    const { project, moderator } = await f.projectScene();
    const first = (await save(moderator.cookie, unitBody(project.id, { fields: [pressure, { address: 1, name: "Flow" }] }))).body;
    const [kept, dropped] = first.fields;
    t.db.insert(modbusReadings).values({ fieldId: dropped.id, at: Date.now(), value: 3 }).run();
    const res = await save(moderator.cookie, unitBody(project.id, { id: first.id, ipAddress: "10.0.0.6", pollPeriod: 500, fields: [{ ...kept, maxThresholdValue: 9 }, { address: 7, name: "Level" }] }));
    expect(res.status).toBe(200);
    expect(res.body.ipAddress).toBe("10.0.0.6:502");
    expect(res.body.fields.map((field: { id: number; name: string }) => [field.id === kept.id, field.name])).toEqual([[true, "Pressure"], [false, "Level"]]);
    expect(t.db.select().from(modbusReadings).where(eq(modbusReadings.fieldId, dropped.id)).all()).toEqual([]);
    const log = t.db.select().from(activityLog).where(eq(activityLog.dataId, first.id)).all().map((row) => row.description).join("\n");
    expect(log).toContain("address 10.0.0.5:1502 → 10.0.0.6:502");
    expect(log).toContain("pollMs 1000 → 500");
    expect(log).toContain(`field ${kept.id} maxThresholdValue 8 → 9`);
    expect(log).toContain(`field ${dropped.id} Flow removed`);
    expect(log).toMatch(/field \d+ Level added/);
  });

  test("a plain member gets 403 and a stranger 404; neither leaves anything behind", async () => {
    const { project, member, outsider, moderator } = await f.projectScene();
    expect((await save(member.cookie, unitBody(project.id))).status).toBe(403);
    expect((await save(outsider.cookie, unitBody(project.id))).status).toBe(404);
    const unit = (await save(moderator.cookie, unitBody(project.id))).body;
    expect((await save(member.cookie, unitBody(project.id, { id: unit.id, name: "Mine" }))).status).toBe(403);
    expect((await t.call("GET", `/modbus-reader/get-last-data/${unit.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect(t.db.select().from(dataItems).where(eq(dataItems.dataType, "MODBUS_UNIT")).all().map((item) => item.name)).toEqual(["Pump 1"]);
  });

  test("bad input is a 422 naming the field, and changes nothing", async () => {
    const { project, moderator } = await f.projectScene();
    const unit = (await save(moderator.cookie, unitBody(project.id))).body;
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ipAddress: "10.0.0.5:70000" }, "body.ipAddress", "modbus.badPort"],
      [{ ipAddress: "10.0.0.5:0" }, "body.ipAddress", "modbus.badPort"],
      [{ ipAddress: "http://evil/x" }, "body.ipAddress"],
      [{ ipAddress: "pump 1" }, "body.ipAddress", "modbus.badHost"],
      [{ ipAddress: "10.0.0.7" }, "body.ipAddress", "modbus.hostNotAllowed"],
      [{ ipAddress: "127.0.0.1:22" }, "body.ipAddress", "modbus.hostNotAllowed"],
      [{ fields: [{ ...pressure, address: 65536 }] }, "address"],
      [{ fields: [{ ...pressure, address: 65535, dataType: "FLOAT" }] }, "body.fields.0.address", "modbus.pastLastRegister"],
      [{ fields: Array.from({ length: 126 }, (_, i) => ({ address: i, name: `R${i}` })) }, "fields"],
      [{ fields: [{ ...pressure, dataType: "DOUBLE" }] }, "dataType"],
      [{ fields: [{ ...pressure, registerKind: "COIL" }] }, "body.fields.0.registerKind", "modbus.bitsAreBoolean"],
      [{ fields: [{ ...pressure, minValue: 11 }] }, "body.fields.0.minValue", "modbus.minAboveMax"],
      [{ fields: [{ ...pressure, maxThresholdValue: 12 }] }, "body.fields.0.maxThresholdValue", "modbus.thresholdOutside"],
      [{ fields: [{ ...pressure, minThresholdValue: -1 }] }, "body.fields.0.minThresholdValue", "modbus.thresholdOutside"],
      [{ fields: [{ ...pressure, minThresholdValue: 9, maxThresholdValue: 8 }] }, "body.fields.0.minThresholdValue", "modbus.thresholdsCrossed"],
      [{ fields: [{ ...pressure, scale: 0 }] }, "body.fields.0.scale", "modbus.zeroScale"],
      [{ alarmTask: true }, "body.alarmPerformer", "modbus.performerRequired"],
    ];
    for (const [change, path, code] of cases) {
      const res = await save(moderator.cookie, unitBody(project.id, { id: unit.id, ...change }));
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(422);
      expect(res.body.error).toBe("validation_failed");
      const details = res.body.details as { path: string; code?: string }[];
      expect(details.some((d) => d.path.includes(path) && (!code || d.code === code)), JSON.stringify(details)).toBe(true);
    }
    const other = await f.projectScene({ name: "Other" });
    const foreign = (await save(other.moderator.cookie, unitBody(other.project.id))).body;
    const stolen = await save(moderator.cookie, unitBody(project.id, { id: unit.id, fields: [{ ...pressure, id: foreign.fields[0].id }] }));
    expect(stolen.body.details).toEqual([expect.objectContaining({ path: "body.fields.0.id", code: "modbus.fieldNotOfUnit" })]);
    const stranger = await save(moderator.cookie, unitBody(project.id, { id: unit.id, alarmTask: true, alarmPerformer: { id: other.member.user.id } }));
    expect(stranger.body.details).toEqual([expect.objectContaining({ code: "modbus.performerNotMember" })]);
    const now = (await t.call("GET", `/modbus-unit/get?id=${unit.id}`, { cookie: moderator.cookie })).body;
    expect(now).toEqual(unit);
    expect(t.db.select().from(modbusFields).all().length).toBe(2);
  });
});

describe("modbus-reader", () => {
  test("get-last-data answers each field's newest stored reading when no poller runs; history reads raw, minute or hour rows by range", async () => {
    const { project, moderator, member } = await f.projectScene();
    const unit = (await save(moderator.cookie, unitBody(project.id))).body;
    const fieldId = unit.fields[0].id;
    const now = Date.now();
    t.db.insert(modbusReadings).values([{ fieldId, at: now - 2000, value: 4 }, { fieldId, at: now - 1000, value: 5 }]).run();
    const last = await t.call("GET", `/modbus-reader/get-last-data/${unit.id}`, { cookie: member.cookie });
    expect(last.body).toEqual({ unitId: unit.id, online: null, lastSeen: now - 1000, readings: [{ fieldId, date: now - 1000, value: 5 }] });
    const raw = await t.call("GET", `/modbus-reader/history/${unit.id}?from=${now - 60_000}&to=${now}`, { cookie: member.cookie });
    expect(raw.body.resolution).toBe("RAW");
    expect(raw.body.series[0].points.map((p: { value: number }) => p.value)).toEqual([4, 5]);
    const week = await t.call("GET", `/modbus-reader/history/${unit.id}?from=${now - 7 * 86_400_000}&to=${now}`, { cookie: member.cookie });
    expect(week.body.resolution).toBe("HOUR");
    const reversed = await t.call("GET", `/modbus-reader/history/${unit.id}?from=${now}&to=${now - 1}`, { cookie: member.cookie });
    expect(reversed.status).toBe(422);
  });
});
