import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { activityLog, dataItems, type ActivityType } from "../../../db/schema";

/** Writes one row of the activity log; callers put it inside their own transaction. A data item's name is kept with the row. */
export function audit(db: Executor, userId: number | null, activityType: ActivityType, description = "", dataId?: number): void {
  const dataName = dataId === undefined ? undefined : db.select({ name: dataItems.name }).from(dataItems).where(eq(dataItems.id, dataId)).get()?.name;
  db.insert(activityLog).values({ userId, activityType, description, dataId, dataName }).run();
}
