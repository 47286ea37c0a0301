import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataItems, modbusFields, modbusUnits, type DataItem, type ModbusFieldRow, type ModbusUnitRow, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalid, type ErrorDetail } from "../../lib/errors";
import { audit } from "../audit/service";
import { findDataItem, requireDataItem } from "../data/policy";
import { saveDataItem } from "../data/service";
import { membersAmong, requireProjectRole } from "../projects/policy";
import { fieldProblems, readAddress } from "./checks";
import { configChanges } from "./config-log";
import { modbusHostAllowed } from "./hosts";
import type { FieldInput, UnitSaveInput } from "./model";
import { pollerOf } from "./poller-registry";
import { presentUnit, type PresentedUnit } from "./presenter";

const unitRowOf = (db: Executor, id: number) => db.select().from(modbusUnits).where(eq(modbusUnits.dataId, id)).get();
export const fieldsOf = (db: Executor, unitId: number) =>
  db.select().from(modbusFields).where(eq(modbusFields.unitId, unitId)).orderBy(asc(modbusFields.indexNumber), asc(modbusFields.id)).all();

/** A unit saved through data/save alone has no device yet: it shows an empty address and no fields. */
const NO_DEVICE: Omit<ModbusUnitRow, "dataId"> = { host: "", port: 502, slaveId: 1, pollMs: 1000, alarmDelayMs: 5000, alarmTask: false, alarmPerformerId: null, alarmReporterId: null };

const present = (db: Executor, item: DataItem) => presentUnit(item, unitRowOf(db, item.id) ?? { dataId: item.id, ...NO_DEVICE }, fieldsOf(db, item.id));

/** modbus-unit/get and the unit's page: the unit `id` with its device and fields; whoever may open it. */
export const unitForPage = (db: Db, actor: User, id: number): PresentedUnit => present(db, requireDataItem(db, actor, id, { type: "MODBUS_UNIT" }).item);

/** The unit's row of a save, and the problems of its address, alarm performer and fields. */
function checkedUnit(db: Db, actor: User, input: UnitSaveInput): { row: Omit<ModbusUnitRow, "dataId">; problems: ErrorDetail[] } {
  const address = readAddress(input.ipAddress);
  const problems: ErrorDetail[] = "path" in address ? [address] : [];
  if (!("path" in address) && !modbusHostAllowed(db, address.host)) problems.push({ path: "body.ipAddress", message: "modbus.hostNotAllowed", code: "modbus.hostNotAllowed" });
  const performerId = input.alarmPerformer?.id ?? null;
  if (performerId && !membersAmong(db, input.project.id, [performerId]).length) problems.push({ path: "body.alarmPerformer.id", message: "modbus.performerNotMember", code: "modbus.performerNotMember" });
  if (input.alarmTask && !performerId) problems.push({ path: "body.alarmPerformer", message: "modbus.performerRequired", code: "modbus.performerRequired" });
  input.fields.forEach((field, i) => problems.push(...fieldProblems(field, i)));
  const row = {
    host: "path" in address ? "" : address.host,
    port: "path" in address ? 502 : address.port,
    slaveId: input.slaveId ?? 1,
    pollMs: input.pollPeriod ?? 1000,
    alarmDelayMs: input.alarmDelay ?? 5000,
    alarmTask: input.alarmTask ?? false,
    alarmPerformerId: performerId,
    alarmReporterId: actor.id,
  };
  return { row, problems };
}

/** A field's columns from its input, with the defaults that let the spec's fields work alone. */
function fieldColumns(field: FieldInput, indexNumber: number) {
  const dataType = field.dataType ?? "WORD";
  return {
    address: field.address,
    name: field.name.trim(),
    description: field.description ?? "",
    postfix: field.postfix ?? "",
    minValue: field.minValue ?? null,
    minThresholdValue: field.minThresholdValue ?? null,
    maxValue: field.maxValue ?? null,
    maxThresholdValue: field.maxThresholdValue ?? null,
    dataType,
    color: (field.color ?? "FF0000").replace("#", "").toUpperCase(),
    registerKind: field.registerKind ?? (dataType === "BOOLEAN" ? ("COIL" as const) : ("HOLDING" as const)),
    floatOrder: field.floatOrder ?? "ABCD",
    scale: field.scale ?? 1,
    offset: field.offset ?? 0,
    indexNumber,
  };
}

/** Writes the fields: those with an id (of this unit, or 422) change, the others are added, those left out go with their readings. */
function replaceFields(tx: Executor, unitId: number, fields: FieldInput[], before: ModbusFieldRow[]) {
  const own = new Set(before.map((field) => field.id));
  const strangers = fields.flatMap((field, i) => (field.id && !own.has(field.id) ? [{ path: `body.fields.${i}.id`, message: "modbus.fieldNotOfUnit", code: "modbus.fieldNotOfUnit" }] : []));
  if (strangers.length) throw invalid(strangers);
  const kept = fields.flatMap((field) => (field.id ? [field.id] : []));
  tx.delete(modbusFields).where(and(eq(modbusFields.unitId, unitId), kept.length ? notInArray(modbusFields.id, kept) : undefined)).run();
  fields.forEach((field, i) => {
    const columns = fieldColumns(field, i);
    if (field.id) tx.update(modbusFields).set(columns).where(eq(modbusFields.id, field.id)).run();
    else tx.insert(modbusFields).values({ unitId, ...columns }).run();
  });
}

/**
 * modbus-unit/save: creates a MODBUS_UNIT item (id empty or 0) or updates one, with its device and fields, in one
 * transaction; MODERATOR in the project. What changed in the configuration goes to the activity log, and the poller
 * picks the unit up at once.
 */
export function saveUnit(ctx: AppContext, actor: User, input: UnitSaveInput): PresentedUnit {
  const { db } = ctx;
  requireProjectRole(db, actor, input.project.id, "MODERATOR");
  const existing = input.id ? requireDataItem(db, actor, input.id, { type: "MODBUS_UNIT", needed: "MODERATOR" }).item : undefined;
  const { row, problems } = checkedUnit(db, actor, input);
  if (problems.length) throw invalid(problems);
  const saved = saveDataItem(
    db,
    actor,
    { id: existing?.id, project: input.project, dataType: "MODBUS_UNIT", name: input.name, description: input.description, icon: input.icon, categoryList: input.categoryList },
    (tx, item) => {
      const beforeRow = unitRowOf(tx, item.id);
      const beforeFields = fieldsOf(tx, item.id);
      tx.insert(modbusUnits).values({ dataId: item.id, ...row }).onConflictDoUpdate({ target: modbusUnits.dataId, set: row }).run();
      replaceFields(tx, item.id, input.fields, beforeFields);
      const changes = configChanges(beforeRow, beforeFields, unitRowOf(tx, item.id)!, fieldsOf(tx, item.id));
      if (changes.length) audit(tx, actor.id, "UPDATE", `MODBUS_UNIT ${item.id} ${item.name}: ${changes.join("; ")}`.slice(0, 4000), item.id);
    },
  );
  pollerOf(ctx)?.sync();
  return present(db, findDataItem(db, saved.id)!);
}

/** What the poller reads: every active unit with a device address an administrator still allows, with its fields. */
export function unitsToPoll(db: Db): { item: Pick<DataItem, "id" | "name" | "projectId">; unit: ModbusUnitRow; fields: ModbusFieldRow[] }[] {
  const rows = db
    .select({ id: dataItems.id, name: dataItems.name, projectId: dataItems.projectId, unit: modbusUnits })
    .from(modbusUnits)
    .innerJoin(dataItems, eq(dataItems.id, modbusUnits.dataId))
    .where(and(eq(dataItems.isActive, true), eq(dataItems.dataType, "MODBUS_UNIT")))
    .all()
    .filter((row) => row.unit.host && modbusHostAllowed(db, row.unit.host));
  const fields = rows.length ? db.select().from(modbusFields).where(inArray(modbusFields.unitId, rows.map((row) => row.id))).orderBy(asc(modbusFields.indexNumber), asc(modbusFields.id)).all() : [];
  return rows.map(({ unit, ...item }) => ({ item, unit, fields: fields.filter((field) => field.unitId === item.id) }));
}
