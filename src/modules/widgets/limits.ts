/**
 * The dashboard grid and its widgets' rules (spec 2, sections 3 and 9), written once for the schema, the
 * model, the service and the grid island (no imports: islands use it).
 */
export const WIDGET_TYPES = ["MAP", "SENSOR", "CHART", "TABLE"] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const GRID = {
  columns: 12,
  rowHeight: 30,
  /** [horizontal, vertical] pixels between widgets. */
  margin: [16, 10] as [number, number],
  /** Rows below the top a widget may reach (its y + h); far more than any dashboard scrolls to. */
  rows: 10_000,
  /** Widgets per project. */
  widgets: 100,
} as const;

/** The smallest size of each type, in columns by rows. */
export const MIN_SIZE: Record<WidgetType, { w: number; h: number }> = {
  MAP: { w: 12, h: 7 },
  SENSOR: { w: 5, h: 7 },
  CHART: { w: 12, h: 16 },
  TABLE: { w: 12, h: 16 },
};

/** The data type a widget shows; a SENSOR may also show nothing yet. */
export const SOURCE_TYPE: Record<WidgetType, "MAP" | "MODBUS_UNIT" | "CHART" | "TABLE"> = {
  MAP: "MAP",
  SENSOR: "MODBUS_UNIT",
  CHART: "CHART",
  TABLE: "TABLE",
};
