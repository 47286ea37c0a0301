import { t, type Static } from "elysia";
import { DATA_TYPES, type DataItem, type Widget } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";
import { WIDGET_TYPES } from "./limits";

/** A widget as the grid reads it: its source's name and type for the title, its cells under `layout`. */
export const widgetSchema = t.Object({
  id: integer(),
  type: oneOf(WIDGET_TYPES),
  abstractData: t.Nullable(t.Object({ id: integer(), name: t.String(), dataType: oneOf(DATA_TYPES) })),
  project: t.Object({ id: integer() }),
  layout: t.Object({ i: t.String(), x: integer(), y: integer(), w: integer(), h: integer() }),
});
export type PresentedWidget = Static<typeof widgetSchema>;

export const presentWidget = (widget: Widget, source: Pick<DataItem, "id" | "name" | "dataType"> | undefined): PresentedWidget => ({
  id: widget.id,
  type: widget.type,
  abstractData: source ? { id: source.id, name: source.name, dataType: source.dataType } : null,
  project: { id: widget.projectId },
  layout: { i: String(widget.id), x: widget.x, y: widget.y, w: widget.w, h: widget.h },
});
