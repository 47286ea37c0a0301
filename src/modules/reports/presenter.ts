import { t, type Static } from "elysia";
import { integer } from "../../lib/schema";

/** A placeholder the reader may see: its item's type picks the viewer that draws it. */
const blockSchema = t.Object({ id: integer(), dataType: t.UnionEnum(["TABLE", "CHART"]) });

/**
 * A report as its viewer reads it: the sanitised body and, of the items its placeholders name, those
 * the reader may see (a table or chart of the report's project, active, in the reader's categories).
 * Every other placeholder is drawn as the neutral block; nothing about it is sent.
 */
export const reportSchema = t.Object({
  id: integer(),
  name: t.String(),
  projectId: integer(),
  body: t.String(),
  blocks: t.Array(blockSchema),
});
export type PresentedReport = Static<typeof reportSchema>;
