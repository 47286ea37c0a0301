import type { Executor } from "../../../db/client";
import { activityLog, type ActivityType } from "../../../db/schema";

/** Writes one row of the activity log; callers put it inside their own transaction. */
export function audit(db: Executor, userId: number | null, activityType: ActivityType, description = "", dataId?: number): void {
  db.insert(activityLog).values({ userId, activityType, description, dataId }).run();
}
