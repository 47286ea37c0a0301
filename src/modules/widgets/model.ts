import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { oneOf } from "../../lib/schema";
import { GRID, WIDGET_TYPES } from "./limits";

// Bodies and queries of the widget calls. What a schema cannot say (x + w within the columns, a type's
// minimum size, whether the source fits) the service checks and answers with a 422 naming the field.

const wholeId = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const cell = (minimum: number, maximum: number) => t.Integer({ minimum, maximum });

/** A widget as the grid sends it: without id it is made, with id changed; the project never changes. */
export const widgetBody = t.Object({
  id: t.Optional(t.Nullable(wholeId)),
  type: oneOf(WIDGET_TYPES),
  /** The data item shown; none only for a SENSOR. */
  abstractData: t.Optional(t.Nullable(t.Object({ id: wholeId }))),
  project: t.Object({ id: wholeId }),
  /** Grid cells; `i` (the grid's key) is the widget's id and is ignored here. */
  layout: t.Object({
    x: cell(0, GRID.columns - 1),
    y: cell(0, GRID.rows),
    w: cell(1, GRID.columns),
    h: cell(1, GRID.rows),
    i: t.Optional(t.String({ maxLength: 40 })),
  }),
});
export type WidgetInput = Static<typeof widgetBody>;

/** save-all: widgets of one project, stored together or not at all. */
export const widgetListBody = t.Array(widgetBody, { minItems: 1, maxItems: GRID.widgets });

export const projectQuery = t.Object({ projectId: Id() });
export const idQuery = t.Object({ id: Id() });
