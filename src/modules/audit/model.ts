import { t, type Static } from "elysia";
import { ACTIVITY_TYPES, DATA_TYPES } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";
import { isoDate } from "../../lib/responses";
import { Id } from "../../lib/ids";
import { LOG_SORTS } from "./log";

const instant = () => t.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });

/**
 * The spec's body: page from 0, desc, sortBy, rowsPerPage; userId narrows it to one user. Beyond the spec, the filters:
 * event kinds, a time range (from inclusive, to exclusive, in ms) and a text the description or the item's name holds.
 */
export const logQueryBody = t.Object({
  page: t.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  rowsPerPage: t.Integer({ minimum: 1, maximum: 200, default: 25 }),
  sortBy: oneOf(LOG_SORTS),
  desc: t.Boolean({ default: true }),
  userId: t.Optional(t.Integer({ minimum: 1 })),
  activityTypes: t.Optional(t.Array(oneOf(ACTIVITY_TYPES), { maxItems: ACTIVITY_TYPES.length })),
  from: t.Optional(instant()),
  to: t.Optional(instant()),
  text: t.Optional(t.String({ maxLength: 200 })),
});
export type LogQuery = Static<typeof logQueryBody>;

export const exportQuery = t.Object({ userId: t.Optional(Id()) });

const logRowSchema = t.Object({
  id: integer(),
  activityType: oneOf(ACTIVITY_TYPES),
  description: t.String(),
  date: isoDate(),
  /** Null once the user has been deleted. */
  userEntity: t.Nullable(t.Object({ id: integer(), login: t.String(), firstName: t.String(), lastName: t.String() })),
  /** The data item the event is about while it exists; its link is /project/{projectId}/{dataType lowercased}/{id}. */
  abstractData: t.Nullable(t.Object({ id: integer(), name: t.String(), dataType: oneOf(DATA_TYPES), projectId: integer() })),
  /** The data item's name when the event happened; once the item is deleted for good abstractData is null and this names it. */
  dataName: t.Nullable(t.String()),
  /** The task or wiki article the description names; `path` is its page while it exists. */
  subject: t.Nullable(t.Object({ type: oneOf(["ISSUE", "ARTICLE"] as const), name: t.String(), path: t.Nullable(t.String()) })),
});
export const logPageSchema = t.Object({ content: t.Array(logRowSchema), totalElements: integer() });
