import type { Wire } from "../../src/lib/responses";
import type { FieldType, FloatOrder, RegisterKind } from "../../src/modules/modbus/kinds";
import type { PresentedUnit } from "../../src/modules/modbus/presenter";
import { readNumber } from "../lib/ui/NumberField";

type Unit = Wire<PresentedUnit>;

/** The numbers of a field as the form holds them: the text typed, read on save in the page's locale. */
export const FIELD_NUMBERS = ["address", "minValue", "minThresholdValue", "maxThresholdValue", "maxValue", "scale", "offset"] as const;
type FieldNumber = (typeof FIELD_NUMBERS)[number];

/** One field being edited: `key` tells React's rows apart, `id` is set once the field is saved. */
export type FieldDraft = Record<FieldNumber, string> & {
  key: string;
  id: number | null;
  name: string;
  description: string;
  postfix: string;
  dataType: FieldType;
  registerKind: RegisterKind;
  floatOrder: FloatOrder;
  color: string;
};

export interface UnitDraft {
  name: string;
  ipAddress: string;
  slaveId: string;
  pollPeriod: string;
  fields: FieldDraft[];
}

const text = (n: number | null) => (n === null ? "" : String(n));
let added = 0;

export const newField = (address: number): FieldDraft => ({
  key: `new-${++added}`,
  id: null,
  address: String(address),
  name: "",
  description: "",
  postfix: "",
  minValue: "",
  minThresholdValue: "",
  maxThresholdValue: "",
  maxValue: "",
  scale: "1",
  offset: "0",
  dataType: "WORD",
  registerKind: "HOLDING",
  floatOrder: "ABCD",
  color: "FF0000",
});

export function draftOf(unit: Unit): UnitDraft {
  return {
    name: unit.name,
    ipAddress: unit.ipAddress,
    slaveId: String(unit.slaveId),
    pollPeriod: String(unit.pollPeriod),
    fields: unit.fields.map((f) => ({
      ...f,
      key: `field-${f.id}`,
      address: String(f.address),
      minValue: text(f.minValue),
      minThresholdValue: text(f.minThresholdValue),
      maxThresholdValue: text(f.maxThresholdValue),
      maxValue: text(f.maxValue),
      scale: String(f.scale),
      offset: String(f.offset),
    })),
  };
}

/** The save body for modbus-unit/save, or undefined when a number typed is not one (its field says why). */
export function saveBodyOf(unit: Unit, draft: UnitDraft, locale: string) {
  let readable = true;
  const number = (value: string, rules: { whole?: boolean; required?: boolean } = {}) => {
    const read = readNumber(value, locale, rules);
    if ("problem" in read) readable = false;
    return "value" in read ? read.value : null;
  };
  const fields = draft.fields.map(({ key: _, ...f }) => ({
    ...f,
    address: number(f.address, { whole: true, required: true }) ?? 0,
    minValue: number(f.minValue),
    minThresholdValue: number(f.minThresholdValue),
    maxThresholdValue: number(f.maxThresholdValue),
    maxValue: number(f.maxValue),
    scale: number(f.scale),
    offset: number(f.offset),
  }));
  const body = {
    id: unit.id,
    project: { id: unit.projectId },
    // What this form does not edit is sent as it is, so a save keeps it.
    description: unit.description,
    icon: unit.icon,
    alarmDelay: unit.alarmDelay,
    alarmTask: unit.alarmTask,
    alarmPerformer: unit.alarmPerformer,
    name: draft.name,
    ipAddress: draft.ipAddress,
    slaveId: number(draft.slaveId, { whole: true, required: true }) ?? 0,
    pollPeriod: number(draft.pollPeriod, { whole: true, required: true }) ?? 0,
    fields,
  };
  return readable ? body : undefined;
}
