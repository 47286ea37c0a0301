import type { DataItem, ModbusFieldRow, ModbusUnitRow } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { log } from "../../lib/log";
import { Alarms } from "./alarms";
import { Device, type DeviceTiming, type FieldReading } from "./device";
import { unitDestination } from "./live";
import { registerPoller } from "./poller-registry";
import { ReadingRecorder } from "./recorder";
import { pruneReadings } from "./retention";
import { unitsToPoll } from "./service";

/** A unit as the poller holds it. */
export interface PolledUnit {
  item: Pick<DataItem, "id" | "name" | "projectId">;
  unit: ModbusUnitRow;
  fields: ModbusFieldRow[];
}

/** What get-last-data reads of a polled unit. */
export interface UnitState {
  online: boolean | null;
  lastSeen: number | null;
  readings: Map<number, FieldReading & { at: number }>;
}

export interface PollerOptions extends Partial<DeviceTiming> {
  /** How often buffered readings are written. */
  flushMs?: number;
  /** How often the units are read again, so a unit removed or restored elsewhere is seen without a save. */
  rescanMs?: number;
  /** How often readings past their retention are dropped. */
  pruneMs?: number;
}

const DEFAULTS = { timeoutMs: 1000, backoffMs: 500, maxBackoffMs: 30_000, flushMs: 1000, rescanMs: 10_000, pruneMs: 3_600_000 };

/**
 * The Modbus poller, in process: one Device per active unit, started with phases spread over the poll period so
 * polls of many devices do not fall on one tick. It writes readings through the recorder, publishes them and the
 * online state on the unit's topic, and hands each reading to the alarms. A save calls `sync`, which restarts only
 * the devices whose configuration changed.
 */
export class ModbusPoller {
  readonly devices = new Map<number, { key: string; polled: PolledUnit; device: Device; state: UnitState }>();
  readonly recorder: ReadingRecorder;
  readonly alarms: Alarms;
  #timers: ReturnType<typeof setInterval>[] = [];
  #timing: DeviceTiming;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: PollerOptions = {},
  ) {
    this.recorder = new ReadingRecorder(ctx.db);
    this.alarms = new Alarms(ctx);
    this.#timing = { timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs, backoffMs: options.backoffMs ?? DEFAULTS.backoffMs, maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs };
  }

  start() {
    registerPoller(this.ctx, this);
    this.sync();
    const every = (ms: number, run: () => void, name: string) =>
      this.#timers.push(
        setInterval(() => {
          try {
            run();
          } catch (error) {
            log.error(`modbus.${name}_failed`, { error: String(error) });
          }
        }, ms),
      );
    every(this.options.flushMs ?? DEFAULTS.flushMs, () => this.recorder.flush(), "flush");
    every(this.options.rescanMs ?? DEFAULTS.rescanMs, () => this.sync(), "rescan");
    every(this.options.pruneMs ?? DEFAULTS.pruneMs, () => pruneReadings(this.ctx.db), "prune");
    return this;
  }

  /** Stops every device and writes what is buffered. */
  stop() {
    registerPoller(this.ctx, undefined);
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    for (const { device } of this.devices.values()) device.stop();
    this.devices.clear();
    this.recorder.flush(true);
  }

  /** Reads the units again: new ones start, changed ones restart, removed ones stop. */
  sync() {
    const units = unitsToPoll(this.ctx.db);
    const seen = new Set<number>();
    units.forEach((polled, i) => {
      seen.add(polled.item.id);
      const key = JSON.stringify([polled.unit, polled.fields.map(({ alarm: _, ...field }) => field)]);
      const running = this.devices.get(polled.item.id);
      if (running?.key === key) return;
      running?.device.stop();
      // The rows just read carry the alarm states as stored.
      this.alarms.forget(polled.fields.map((field) => field.id));
      const state: UnitState = running?.state ?? { online: null, lastSeen: null, readings: new Map() };
      const device = new Device(polled.unit, polled.fields, this.#eventsOf(polled, state), this.#timing);
      this.devices.set(polled.item.id, { key, polled, device, state });
      device.start(Math.floor((i / units.length) * polled.unit.pollMs));
    });
    for (const [id, { device }] of this.devices) {
      if (seen.has(id)) continue;
      device.stop();
      this.devices.delete(id);
    }
  }

  #eventsOf(polled: PolledUnit, state: UnitState) {
    const destination = unitDestination(polled.item.id);
    const fields = new Map(polled.fields.map((field) => [field.id, field]));
    return {
      readings: (at: number, readings: FieldReading[]) => {
        state.lastSeen = at;
        for (const reading of readings) {
          state.readings.set(reading.fieldId, { ...reading, at });
          this.recorder.add(reading.fieldId, at, reading.value);
          try {
            this.alarms.observe(polled, fields.get(reading.fieldId)!, reading.value, at);
          } catch (error) {
            log.error("modbus.alarm_failed", { unitId: polled.item.id, fieldId: reading.fieldId, error: String(error) });
          }
        }
        this.ctx.live.publish(destination, { type: "READING", unitId: polled.item.id, date: at, readings: readings.map(({ fieldId, value }) => ({ fieldId, value })) });
      },
      online: (online: boolean, at: number) => {
        state.online = online;
        if (online) state.lastSeen = at;
        else log.warn("modbus.device_offline", { unitId: polled.item.id, address: `${polled.unit.host}:${polled.unit.port}` });
        this.ctx.live.publish(destination, { type: "STATE", unitId: polled.item.id, online, lastSeen: state.lastSeen });
      },
    };
  }

  /** The unit's state as polled here, if it is. */
  stateOf = (unitId: number): UnitState | undefined => this.devices.get(unitId)?.state;
}
