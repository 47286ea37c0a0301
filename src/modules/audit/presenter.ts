import type { LogRow } from "./log";

/** A log row as the spec names it: userEntity and abstractData, each null when gone (dataName then names the item). */
export const presentLogRow = (row: LogRow) => ({
  id: row.id,
  activityType: row.activityType,
  description: row.description,
  date: row.date,
  userEntity: row.user,
  abstractData: row.data,
  dataName: row.dataName,
});
export type PresentedLogRow = ReturnType<typeof presentLogRow>;
