import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { modbusAggregates, modbusReadings, settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { readHistory } from "./reader";
import { ReadingRecorder } from "./recorder";
import { pruneReadings, RETENTION } from "./retention";

const { t, f } = withTestApp();

async function field() {
  const { project, moderator, member } = await f.projectScene();
  t.db.update(settings).set({ body: "10.0.0.1" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
  const res = await t.call("POST", "/modbus-unit/save", { cookie: moderator.cookie, body: { project: { id: project.id }, name: "U", ipAddress: "10.0.0.1", fields: [{ address: 0, name: "P" }] } });
  return { unitId: res.body.id as number, fieldId: res.body.fields[0].id as number, member };
}

const HOUR = 3_600_000;

describe("the reading store", () => {
  test("each minute's and hour's min, max and mean are kept as readings come, and add up across flushes and a new recorder (a restart)", async () => {
    const { fieldId } = await field();
    const hour = Date.UTC(2026, 5, 1, 10);
    const first = new ReadingRecorder(t.db);
    first.add(fieldId, hour + 1_000, 2);
    first.add(fieldId, hour + 2_000, 4);
    first.flush(true);
    const second = new ReadingRecorder(t.db);
    second.add(fieldId, hour + 3_000, 9);
    second.add(fieldId, hour + 61_000, 1);
    second.flush(true);
    expect(t.db.select().from(modbusReadings).all().length).toBe(4);
    const rows = t.db.select().from(modbusAggregates).all().map(({ period, at, min, max, avg, count }) => [period, at - hour, min, max, avg, count]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [60, 0, 2, 9, 5, 3],
        [60, 60_000, 1, 1, 1, 1],
        [3600, 0, 1, 9, 4, 4],
      ]),
    );
    expect(rows.length).toBe(3);
  });

  test("a flush writes the buckets that closed at once and those still open every tenth time", async () => {
    const { fieldId } = await field();
    const minute = Date.UTC(2026, 5, 1, 10, 5);
    const recorder = new ReadingRecorder(t.db);
    const minutes = () => t.db.select().from(modbusAggregates).all().filter((r) => r.period === 60).map((r) => [r.at - minute, r.count]);
    recorder.add(fieldId, minute + 1_000, 1);
    recorder.flush();
    expect(minutes()).toEqual([]);
    recorder.add(fieldId, minute + 61_000, 2);
    recorder.flush();
    expect(minutes()).toEqual([[0, 1]]);
    for (let i = 0; i < 8; i++) recorder.flush();
    expect(minutes()).toEqual([[0, 1], [60_000, 1]]);
  });

  test("readings of a field removed meanwhile are dropped, not a failed write", async () => {
    const { fieldId } = await field();
    const recorder = new ReadingRecorder(t.db);
    recorder.add(fieldId + 1000, Date.now(), 1);
    recorder.add(fieldId, Date.now(), 2);
    expect(recorder.flush()).toBe(2);
    expect(t.db.select().from(modbusReadings).all().map((r) => r.value)).toEqual([2]);
  });

  test("the prune drops raw readings after a day, minutes after 30 days and hours after five years; a chart's range reads the resolution still kept", async () => {
    const { fieldId, unitId, member } = await field();
    const now = Date.UTC(2026, 5, 1);
    const recorder = new ReadingRecorder(t.db);
    for (const ago of [RETENTION.hour + HOUR, RETENTION.minute + HOUR, RETENTION.raw + HOUR, 2 * HOUR, 60_000]) recorder.add(fieldId, now - ago, ago / HOUR);
    recorder.flush(true);
    pruneReadings(t.db, now);
    expect(t.db.select().from(modbusReadings).all().map((r) => now - r.at)).toEqual([2 * HOUR, 60_000]);
    const left = t.db.select().from(modbusAggregates).all();
    expect(left.some((r) => r.period === 60 && now - r.at > RETENTION.minute)).toBe(false);
    expect(left.some((r) => r.period === 3600 && now - r.at > RETENTION.hour)).toBe(false);
    expect(left.some((r) => r.period === 3600 && now - r.at > RETENTION.minute)).toBe(true);
    expect(readHistory(t.db, member.user, unitId, { from: now - 2 * 86_400_000, to: now }, now)).toMatchObject({ resolution: "MINUTE" });
    const hours = readHistory(t.db, member.user, unitId, { from: now - 60 * 86_400_000, to: now }, now);
    expect(hours.resolution).toBe("HOUR");
    expect(hours.series[0]!.points.length).toBe(4);
  });
});
