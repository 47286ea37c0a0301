import { describe, expect, test } from "bun:test";
import { draftOf, newField, saveBodyOf } from "./unit-draft";

const unit = {
  id: 7,
  name: "Boiler",
  description: "Basement",
  icon: null,
  projectId: 3,
  isActive: true,
  ipAddress: "10.0.0.5:502",
  slaveId: 1,
  pollPeriod: 1000,
  alarmDelay: 8000,
  alarmTask: true,
  alarmPerformer: { id: 11 },
  fields: [
    { id: 4, address: 0, name: "Level", description: "", postfix: " m", minValue: 0, minThresholdValue: 10, maxValue: 100, maxThresholdValue: 80, dataType: "WORD" as const, color: "FF0000", registerKind: "HOLDING" as const, floatOrder: "ABCD" as const, scale: 0.1, offset: 0 },
  ],
};

describe("a unit's edit form", () => {
  test("saves what it was given back unchanged, with what it does not edit (the alarm settings) kept", () => {
    const body = saveBodyOf(unit, draftOf(unit), "en");
    expect(body).toMatchObject({ id: 7, project: { id: 3 }, ipAddress: "10.0.0.5:502", slaveId: 1, pollPeriod: 1000, alarmDelay: 8000, alarmTask: true, alarmPerformer: { id: 11 }, description: "Basement" });
    expect(body?.fields).toEqual([{ ...unit.fields[0] }]);
  });

  test("reads numbers in the page's language, an empty bound as none, and a new field without an id", () => {
    const draft = draftOf(unit);
    draft.fields[0]!.maxThresholdValue = "87,5";
    draft.fields[0]!.minValue = "";
    draft.fields.push({ ...newField(1), name: "Pressure" });
    const body = saveBodyOf(unit, draft, "ru");
    expect(body?.fields[0]).toMatchObject({ maxThresholdValue: 87.5, minValue: null });
    expect(body?.fields[1]).toMatchObject({ id: null, address: 1, name: "Pressure", dataType: "WORD", scale: 1, offset: 0 });
  });

  test("sends nothing while a number typed is not one, or a whole number is not whole", () => {
    const draft = draftOf(unit);
    draft.fields[0]!.minThresholdValue = "ten";
    expect(saveBodyOf(unit, draft, "en")).toBeUndefined();
    expect(saveBodyOf(unit, { ...draftOf(unit), slaveId: "1.5" }, "en")).toBeUndefined();
  });
});
