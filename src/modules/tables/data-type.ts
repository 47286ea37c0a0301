import type { DataTypePlugin } from "../data/plugin";
import { importRunning } from "./importing";
import { tableIdsForIndex, tableTextsForIndex } from "./index-texts";
import { publicTable } from "./public-table";
import { checkedHeaderValue } from "./service";

/** TABLE: headers in `value`, rows in the tables feature's own tables; hidden while an import writes them. */
export const tableType: DataTypePlugin = {
  type: "TABLE",
  jsonValue: true,
  content: { value: (text, { existing }) => checkedHeaderValue(text, existing) },
  unfinished: (item) => importRunning(item),
  publicPart: (db, item, view) => ({ table: publicTable(db, item, view) }),
  searchTexts: { texts: tableTextsForIndex, refs: tableIdsForIndex },
};
