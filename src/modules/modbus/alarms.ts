import { eq } from "drizzle-orm";
import { modbusFields, type ModbusFieldRow } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { isLocale, translator } from "../../lib/i18n";
import { log } from "../../lib/log";
import { postToDataChat } from "../chat/data-chats";
import { saveIssue } from "../issues/service";
import { findUserById } from "../users/service";
import type { AlarmState } from "./kinds";
import type { PolledUnit } from "./poller";

/** The share of a field's range (or of the threshold itself when no range is given) a value must come back inside the band before the all-clear. */
const HYSTERESIS = 0.02;

function deadband(field: ModbusFieldRow, threshold: number): number {
  const range = field.minValue !== null && field.maxValue !== null ? field.maxValue - field.minValue : Math.abs(threshold);
  return range * HYSTERESIS;
}

/** Where `value` puts the field, given the state last posted: once out of the band, it must come back past the deadband. */
function classify(field: ModbusFieldRow, value: number, current: AlarmState): AlarmState {
  const high = field.maxThresholdValue;
  const low = field.minThresholdValue;
  if (high !== null && (value > high || (current === "HIGH" && value > high - deadband(field, high)))) return "HIGH";
  if (low !== null && (value < low || (current === "LOW" && value < low + deadband(field, low)))) return "LOW";
  return "NORMAL";
}

/**
 * The alarms of the polled fields. A field's state changes once a new state has held for the unit's `alarmDelayMs`:
 * then the state is stored and the message written in one transaction (so a restart never posts it again), and an
 * alarm (not the all-clear) opens a task when the unit says so.
 */
export class Alarms {
  #pending = new Map<number, { state: AlarmState; since: number }>();
  #posted = new Map<number, AlarmState>();

  constructor(private readonly ctx: AppContext) {}

  /** Forgets what it holds of these fields (their device restarts with the states as stored). */
  forget(fieldIds: number[]) {
    for (const id of fieldIds) {
      this.#pending.delete(id);
      this.#posted.delete(id);
    }
  }

  observe(unit: PolledUnit, field: ModbusFieldRow, value: number, at: number) {
    if (field.minThresholdValue === null && field.maxThresholdValue === null) return;
    const posted = this.#posted.get(field.id) ?? field.alarm;
    const state = classify(field, value, posted);
    if (state === posted) {
      this.#pending.delete(field.id);
      return;
    }
    const pending = this.#pending.get(field.id);
    if (pending?.state !== state) {
      this.#pending.set(field.id, { state, since: at });
      if (unit.unit.alarmDelayMs > 0) return;
    } else if (at - pending.since < unit.unit.alarmDelayMs) return;
    this.#pending.delete(field.id);
    this.#posted.set(field.id, state);
    this.#raise(unit, field, state, value);
  }

  #raise(polled: PolledUnit, field: ModbusFieldRow, state: AlarmState, value: number) {
    const { ctx } = this;
    const reporter = polled.unit.alarmReporterId ? findUserById(ctx.db, polled.unit.alarmReporterId) : undefined;
    const t = translator(reporter && isLocale(reporter.locale) ? reporter.locale : "en");
    const words = {
      unit: polled.item.name,
      field: field.name,
      value: `${Number(value.toPrecision(6))}${field.postfix}`,
      threshold: `${state === "LOW" ? field.minThresholdValue : field.maxThresholdValue}${field.postfix}`,
    };
    const text = t(`modbus.alarm.${state}`, words);
    const publish = ctx.db.transaction(() => {
      ctx.db.update(modbusFields).set({ alarm: state }).where(eq(modbusFields.id, field.id)).run();
      return postToDataChat(ctx, polled.item.id, text);
    });
    publish();
    ctx.live.publish(`/ws-broker/${polled.item.id}`, { type: "ALARM", unitId: polled.item.id, fieldId: field.id, state, value });
    const performerId = polled.unit.alarmPerformerId;
    if (state === "NORMAL" || !polled.unit.alarmTask || !performerId || !reporter?.isActive) return;
    const task = { name: t("modbus.alarm.task", words), project: { id: polled.item.projectId }, performer: { id: performerId } };
    saveIssue(ctx, reporter, task, reporter.locale ?? undefined).catch((error) => log.warn("modbus.alarm_task_failed", { unitId: polled.item.id, error: String(error) }));
  }
}
