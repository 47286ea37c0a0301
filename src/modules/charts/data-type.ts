import type { DataTypePlugin } from "../data/plugin";
import { checkedChartValue, publicChartDrawing } from "./service";

/** CHART: its settings (type, columns, table) in `value`, drawn from its table. */
export const chartType: DataTypePlugin = {
  type: "CHART",
  jsonValue: true,
  content: { value: (text, { db, actor, projectId, name }) => checkedChartValue(db, actor, projectId, name, text) },
  publicPart: async (db, item, { locale }) => ({ chart: await publicChartDrawing(db, item, locale) }),
};
