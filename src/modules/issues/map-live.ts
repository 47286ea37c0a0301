import type { Issue } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { mayOpenDataItem } from "../data/policy";

/** A map's live topic for its issue layer: whoever may open the map hears that its tasks changed. */
export const mapIssuesDestination = (mapId: number) => `/ws-broker/map/${mapId}/issues`;

/**
 * The maps' issue topics, for whoever may open the map (asked again whenever the user's rights change, like
 * every destination, so a member removed from the project hears nothing more); a dropped topic tells the user
 * MAP_DETACHED.
 */
export function wireMapIssuesLive(ctx: AppContext) {
  ctx.live.allow(
    /^\/ws-broker\/map\/([1-9][0-9]{0,14})\/issues$/,
    (user, match) => mayOpenDataItem(ctx.db, user, Number(match[1]), { type: "MAP" }),
    (match) => ({ type: "MAP_DETACHED", mapId: Number(match[1]) }),
  );
}

/**
 * Tells the maps a change touched (where the task was and where it is) that their tasks changed. The frame
 * names no task: a reader limited to categories may not see this one, so each reader asks
 * issue/get-issues-by-map, which answers what they may see.
 */
export function publishMapIssues(ctx: AppContext, ...states: (Pick<Issue, "mapId"> | undefined)[]) {
  const mapIds = new Set(states.map((state) => state?.mapId).filter((id): id is number => typeof id === "number"));
  for (const mapId of mapIds) ctx.live.publish(mapIssuesDestination(mapId), { type: "MAP_ISSUES_CHANGED", mapId });
}
