import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { openDb } from "../../../db/client";
import { chatMessages, chats, dataItems, issues, settings } from "../../../db/schema";
import { createApp } from "../../app";
import { withTestApp } from "../../testing/harness";
import { until } from "../../testing/live-server";
import { newMemory, startDevice } from "../../testing/modbus-device";
import { bodyOf } from "../chat/presenter";
import { encodeFloat } from "./decode";
import { FLOAT_ORDERS } from "./kinds";
import { ModbusPoller } from "./poller";
import { lastData } from "./reader";

setDefaultTimeout(30_000);
const FAST = { timeoutMs: 300, backoffMs: 100, maxBackoffMs: 300, flushMs: 50 };
const stops: (() => unknown)[] = [];
// Before the app's own hooks, so the pollers stop before its database closes.
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
const { t, f } = withTestApp();
const allow = (hosts: string) => t.db.update(settings).set({ body: hosts }).where(eq(settings.label, "MODBUS_HOSTS")).run();
beforeEach(() => allow("127.0.0.0/8"));

async function device(memory = newMemory(), port = 0) {
  const running = await startDevice(memory, port);
  stops.push(() => running.stop());
  return { memory, ...running };
}

function poller(ctx = t.ctx) {
  const running = new ModbusPoller(ctx, FAST).start();
  stops.push(() => running.stop());
  return running;
}

async function unit(port: number, fields: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const scene = await f.projectScene();
  const res = await t.call("POST", "/modbus-unit/save", { cookie: scene.moderator.cookie, body: { project: { id: scene.project.id }, name: "Pump 1", ipAddress: `127.0.0.1:${port}`, pollPeriod: 100, fields, ...extra } });
  expect(res.status).toBe(200);
  return { ...scene, unit: res.body as { id: number; fields: { id: number; name: string }[] } };
}

const valuesOf = (data: ReturnType<typeof lastData>, fields: { id: number; name: string }[]) =>
  Object.fromEntries(fields.map((field) => [field.name, data.readings.find((r) => r.fieldId === field.id)?.value ?? null]));

describe("the poller against a real Modbus TCP device", () => {
  test("WORD with scale and offset, FLOAT in each byte order and BOOLEAN decode; adjacent registers are one read", async () => {
    const { memory, port } = await device();
    memory.holding.set(0, 1234);
    FLOAT_ORDERS.forEach((order, i) => encodeFloat(-3.25 * (i + 1), order).forEach((word, j) => memory.holding.set(1 + i * 2 + j, word)));
    memory.coils.set(3, true);
    memory.input.set(20, 1);
    const floats = FLOAT_ORDERS.map((order) => ({ address: 1 + FLOAT_ORDERS.indexOf(order) * 2, name: order, dataType: "FLOAT", floatOrder: order }));
    const fields = [{ address: 0, name: "Word", scale: 0.1, offset: 1 }, ...floats, { address: 3, name: "Coil", dataType: "BOOLEAN" }, { address: 20, name: "Flag", dataType: "BOOLEAN", registerKind: "INPUT" }];
    const { unit: saved, member } = await unit(port, fields);
    poller();
    await until(() => lastData(t.ctx, member.user, saved.id).readings.every((r) => r.value !== null), 3000);
    const data = lastData(t.ctx, member.user, saved.id);
    expect(valuesOf(data, saved.fields)).toEqual({ Word: 124.4, ABCD: -3.25, CDAB: -6.5, BADC: -9.75, DCBA: -13, Coil: 1, Flag: 1 });
    expect(data.online).toBe(true);
    const cdab = data.readings.find((r) => r.fieldId === saved.fields[2]!.id)!;
    expect(cdab.preview).toMatchObject({ CDAB: -6.5 });
    expect(cdab.preview!.ABCD).not.toBe(-6.5);
    const holdingReads = memory.reads.filter(([kind]) => kind === "HOLDING");
    expect(new Set(holdingReads.map(([, start, count]) => `${start}+${count}`))).toEqual(new Set(["0+9"]));
  });

  test("a device switched off goes offline and comes back without a restart; readings are stored", async () => {
    const first = await device();
    first.memory.holding.set(0, 7);
    const { unit: saved, member } = await unit(first.port, [{ address: 0, name: "Level" }]);
    const running = poller();
    await until(() => lastData(t.ctx, member.user, saved.id).online === true);
    await first.stop();
    await until(() => lastData(t.ctx, member.user, saved.id).online === false, 3000);
    const memory = newMemory();
    memory.holding.set(0, 8);
    await device(memory, first.port);
    await until(() => lastData(t.ctx, member.user, saved.id).online === true && valuesOf(lastData(t.ctx, member.user, saved.id), saved.fields).Level === 8, 5000);
    running.recorder.flush();
    const stored = t.db.$client.query("select count(*) as n from modbus_readings").get() as { n: number };
    expect(stored.n).toBeGreaterThan(1);
  });

  test("a Modbus exception on one read leaves the device online and the other reads going", async () => {
    const { memory, port } = await device();
    memory.refused.add(5);
    memory.holding.set(10, 42);
    const { unit: saved, member } = await unit(port, [{ address: 5, name: "Missing" }, { address: 10, name: "Here" }]);
    poller();
    await until(() => valuesOf(lastData(t.ctx, member.user, saved.id), saved.fields).Here === 42);
    const data = lastData(t.ctx, member.user, saved.id);
    expect(data.online).toBe(true);
    expect(valuesOf(data, saved.fields).Missing).toBeNull();
  });

  test("a device answering garbage, and one that never answers, are offline; the poller keeps trying and polls the others", async () => {
    const sockets: { destroy(): void }[] = [];
    const raw = (reply: boolean) =>
      new Promise<Server>((resolve) => {
        const server = createServer((socket) => {
          sockets.push(socket);
          socket.on("data", () => reply && socket.write(Buffer.from("HTTP/1.1 400 garbage\r\n\r\n")));
          socket.on("error", () => undefined);
        });
        server.listen(0, "127.0.0.1", () => resolve(server));
      });
    const garbage = await raw(true);
    const silent = await raw(false);
    stops.push(() => sockets.forEach((s) => s.destroy()), () => garbage.close(), () => silent.close());
    const good = await device();
    good.memory.holding.set(0, 5);
    const port = (server: Server) => (server.address() as { port: number }).port;
    const a = await unit(port(garbage), [{ address: 0, name: "A" }]);
    const b = await unit(port(silent), [{ address: 0, name: "B" }]);
    const c = await unit(good.port, [{ address: 0, name: "C" }]);
    const running = poller();
    await until(() => lastData(t.ctx, a.member.user, a.unit.id).online === false && lastData(t.ctx, b.member.user, b.unit.id).online === false, 3000);
    const before = running.devices.get(c.unit.id)!.device.polls;
    await Bun.sleep(600);
    expect(running.devices.get(c.unit.id)!.device.polls - before).toBeGreaterThanOrEqual(3);
    expect(lastData(t.ctx, c.member.user, c.unit.id).online).toBe(true);
    // Every failure ended in a reconnect attempt, none in a stuck loop.
    expect(sockets.length).toBeGreaterThanOrEqual(3);
  });

  test("a unit removed stops being polled; saved again with another address, its device restarts there", async () => {
    const one = await device();
    const two = await device();
    const { unit: saved, moderator, project } = await unit(one.port, [{ address: 0, name: "Level" }]);
    const running = poller();
    await until(() => one.memory.reads.length > 0);
    await t.call("POST", "/modbus-unit/save", { cookie: moderator.cookie, body: { id: saved.id, project: { id: project.id }, name: "Pump 1", ipAddress: `127.0.0.1:${two.port}`, pollPeriod: 100, fields: saved.fields } });
    await until(() => two.memory.reads.length > 0);
    t.db.update(dataItems).set({ isActive: false }).where(eq(dataItems.id, saved.id)).run();
    running.sync();
    expect(running.devices.size).toBe(0);
    const reads = two.memory.reads.length;
    await Bun.sleep(300);
    expect(two.memory.reads.length).toBe(reads);
  });

  test("a device an administrator strikes off MODBUS_HOSTS is no longer polled", async () => {
    const { memory, port } = await device();
    await unit(port, [{ address: 0, name: "Level" }]);
    const running = poller();
    await until(() => memory.reads.length > 0);
    allow("10.0.0.0/8 plc.example");
    running.sync();
    expect(running.devices.size).toBe(0);
    const reads = memory.reads.length;
    await Bun.sleep(300);
    expect(memory.reads.length).toBe(reads);
  });
});

describe("alarms", () => {
  const messagesOf = (unitId: number) => {
    const chat = t.db.select().from(chats).where(eq(chats.dataId, unitId)).get();
    return chat ? t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)).all().map((m) => bodyOf(t.ctx.box, m)) : [];
  };

  test("crossing a threshold posts once, after the delay, and opens the task; a restart posts nothing again; back past the deadband posts the all-clear once", async () => {
    const { memory, port } = await device();
    memory.holding.set(0, 50);
    const field = { address: 0, name: "Pressure", postfix: " bar", scale: 0.1, minValue: 0, maxValue: 10, minThresholdValue: 2, maxThresholdValue: 8 };
    const scene = await f.projectScene();
    const body = { project: { id: scene.project.id }, name: "Pump 1", ipAddress: `127.0.0.1:${port}`, pollPeriod: 100, alarmDelay: 300, alarmTask: true, alarmPerformer: { id: scene.member.user.id }, fields: [field] };
    const saved = (await t.call("POST", "/modbus-unit/save", { cookie: scene.moderator.cookie, body })).body;
    const first = poller();
    await until(() => memory.reads.length >= 3);
    memory.holding.set(0, 90);
    await until(() => messagesOf(saved.id).length === 1, 3000);
    expect(messagesOf(saved.id)).toEqual(["Alarm on Pump 1: Pressure is 9 bar, above 8 bar"]);
    await until(() => t.db.select().from(issues).all().length === 1);
    expect(t.db.select().from(issues).get()).toMatchObject({ name: "Alarm on Pump 1: Pressure at 9 bar", performerId: scene.member.user.id, reporterId: scene.moderator.user.id, projectId: scene.project.id });
    await Bun.sleep(500);
    expect(messagesOf(saved.id).length).toBe(1);

    // A restart: another app on the same database file, with its own poller.
    first.stop();
    const { ctx } = createApp({ db: openDb(t.config.dbPath), config: t.config });
    stops.push(() => ctx.db.$client.close());
    poller(ctx);
    const reads = memory.reads.length;
    await until(() => memory.reads.length >= reads + 5);
    expect(messagesOf(saved.id).length).toBe(1);
    memory.holding.set(0, 79);
    await Bun.sleep(600);
    expect(messagesOf(saved.id).length).toBe(1);
    memory.holding.set(0, 50);
    await until(() => messagesOf(saved.id).length === 2, 3000);
    expect(messagesOf(saved.id)[1]).toBe("All clear on Pump 1: Pressure is back in its band at 5 bar");
    await Bun.sleep(500);
    expect(messagesOf(saved.id).length).toBe(2);
    expect(t.db.select().from(issues).all().length).toBe(1);
  });

  test("a value out of the band for less than the delay posts nothing", async () => {
    const { memory, port } = await device();
    memory.holding.set(0, 5);
    const { unit: saved } = await unit(port, [{ address: 0, name: "P", minValue: 0, maxValue: 10, maxThresholdValue: 8 }], { alarmDelay: 1000 });
    poller();
    await until(() => memory.reads.length >= 2);
    memory.holding.set(0, 9);
    await Bun.sleep(400);
    memory.holding.set(0, 5);
    await Bun.sleep(1200);
    expect(messagesOf(saved.id)).toEqual([]);
  });
});
