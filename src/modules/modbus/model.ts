import { t, type Static } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { LIMITS } from "../data/limits";
import { FIELD_TYPES, FLOAT_ORDERS, REGISTER_KINDS } from "./kinds";
import { MAX_BLOCK } from "./blocks";

const id = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const bound = t.Optional(t.Nullable(t.Number()));

/** The longest field name, description and postfix. */
const FIELD_LIMITS = { name: 100, description: 1000, postfix: 20 };

/** A field as the spec has it, with what a real device needs beside (register kind, FLOAT byte order, scale and offset). */
const fieldBody = t.Object({
  id: t.Optional(t.Nullable(id)),
  address: t.Integer({ minimum: 0, maximum: 65535 }),
  name: trimmedText(FIELD_LIMITS.name),
  description: t.Optional(t.Nullable(t.String({ maxLength: FIELD_LIMITS.description }))),
  postfix: t.Optional(t.Nullable(t.String({ maxLength: FIELD_LIMITS.postfix }))),
  minValue: bound,
  minThresholdValue: bound,
  maxValue: bound,
  maxThresholdValue: bound,
  dataType: t.Optional(t.Nullable(oneOf(FIELD_TYPES))),
  color: t.Optional(t.Nullable(t.String({ pattern: "^#?[0-9A-Fa-f]{6}$" }))),
  registerKind: t.Optional(t.Nullable(oneOf(REGISTER_KINDS))),
  floatOrder: t.Optional(t.Nullable(oneOf(FLOAT_ORDERS))),
  scale: t.Optional(t.Nullable(t.Number())),
  offset: t.Optional(t.Nullable(t.Number())),
});
export type FieldInput = Static<typeof fieldBody>;

/**
 * modbus-unit/save, as data/save takes a MODBUS_UNIT item: `ipAddress` is "host" or "host:port" (502 when left out),
 * `pollPeriod` and `alarmDelay` in milliseconds. Fields with an id are changed, without one added, left out removed.
 * A unit reads at most MAX_BLOCK fields.
 */
export const saveBody = t.Object({
  id: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))),
  project: t.Object({ id }),
  dataType: t.Optional(t.Literal("MODBUS_UNIT")),
  name: trimmedText(LIMITS.name),
  description: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.description }))),
  icon: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.icon }))),
  categoryList: t.Optional(t.Nullable(t.Array(t.Object({ id }), { maxItems: LIMITS.categories }))),
  ipAddress: t.String({ minLength: 1, maxLength: 300 }),
  slaveId: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: 255 }))),
  pollPeriod: t.Optional(t.Nullable(t.Integer({ minimum: 100, maximum: 3_600_000 }))),
  alarmDelay: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: 3_600_000 }))),
  alarmTask: t.Optional(t.Nullable(t.Boolean())),
  alarmPerformer: t.Optional(t.Nullable(t.Object({ id }))),
  fields: t.Array(fieldBody, { maxItems: MAX_BLOCK }),
});
export type UnitSaveInput = Static<typeof saveBody>;

export const idQuery = t.Object({ id: Id() });
export const unitParams = t.Object({ unitId: Id() });
/** A history range in milliseconds since 1970; left out: the last hour up to now. */
export const historyQuery = t.Object({ from: t.Optional(Whole()), to: t.Optional(Whole()) });
