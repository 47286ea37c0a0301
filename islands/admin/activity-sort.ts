import type { LogSort } from "../../src/modules/audit/log";

export interface LogOrder {
  sortBy: LogSort;
  desc: boolean;
}

/** A column header's click: the same column turns its order around; another starts newest first for dates, A to Z otherwise. */
export const nextOrder = (order: LogOrder, column: LogSort): LogOrder => ({ sortBy: column, desc: order.sortBy === column ? !order.desc : column === "date" });
