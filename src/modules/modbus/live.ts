import type { AppContext } from "../../lib/context";
import { mayOpenDataItem } from "../data/policy";

/** A unit's live topic: its readings, online state and alarms. */
export const unitDestination = (unitId: number) => `/ws-broker/${unitId}`;

/**
 * The units' topics, for whoever may open the unit (asked again whenever the user's rights change, like every
 * destination); a dropped topic tells the user UNIT_DETACHED.
 */
export function wireModbusLive(ctx: AppContext) {
  ctx.live.allow(
    /^\/ws-broker\/([1-9][0-9]{0,14})$/,
    (user, match) => mayOpenDataItem(ctx.db, user, Number(match[1]), { type: "MODBUS_UNIT" }),
    (match) => ({ type: "UNIT_DETACHED", unitId: Number(match[1]) }),
  );
}
