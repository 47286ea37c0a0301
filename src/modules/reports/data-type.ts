import { bodiedItemIds, itemsForIndex } from "../data/index-texts";
import type { DataTypePlugin } from "../data/plugin";
import { publicReport } from "./public-report";
import { relateEmbeds } from "./service";

/** REPORT: rich text in `body` (cleaned with the `report` setting) with [DATA-n] blocks of tables and charts. */
export const reportType: DataTypePlugin = {
  type: "REPORT",
  content: { body: (text) => text },
  bodyHtml: "report",
  bodySaved: (db, actor, item) => relateEmbeds(db, actor, item, item.body ?? ""),
  publicPart: async (db, item, { locale }) => ({ report: await publicReport(db, item, locale) }),
  // The [DATA-n] blocks stand for other items, whose own texts are indexed with them.
  searchTexts: {
    texts: (db, ids) => itemsForIndex(db, ids, "REPORT").flatMap(({ id, body }) => (body ? [{ ref: id, html: body.replace(/\[DATA-\d+\]/g, " ") }] : [])),
    refs: (db) => bodiedItemIds(db, "REPORT"),
  },
};
