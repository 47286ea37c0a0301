import { t } from "elysia";
import { integer } from "../../lib/schema";

const cellSchema = t.Union([t.String(), t.Number(), t.Null()]);
const headerSchema = t.Object({ name: t.String(), field: t.String({ description: "cell_0, cell_1, …: the key of this column in each item" }) });
export const columnKindSchema = t.Object({
  type: t.UnionEnum(["NUMBER", "DATE", "TEXT"], { description: "Detected on import, changeable by a moderator" }),
  fit: t.Number({ description: "The share (0 to 1) of the column's non-empty cells that were of the type when it was detected or set" }),
});
const typedHeaderSchema = t.Composite([headerSchema, columnKindSchema]);
/** A row: `id` and one key per header field (a record, so the answer keeps the dynamic keys). */
const itemSchema = t.Record(t.String(), cellSchema, { description: "{ id, cell_0, cell_1, … }" });

export const tablePageSchema = t.Object({ id: integer(), name: t.String(), headers: t.Array(typedHeaderSchema), items: t.Array(itemSchema), totalElements: integer() });
export const optionsSchema = t.Array(t.String());
/** table/find-row: the row (its id and place in the table's own order), or null. */
export const foundRowSchema = t.Object({ row: t.Nullable(t.Object({ id: integer(), index: integer() })) });
export const updatedSchema = t.Object({ totalElements: integer() });
/** An import's preview: nothing is stored. */
export const previewSchema = t.Object({
  headers: t.Array(t.String()),
  rows: t.Array(t.Array(cellSchema), { description: "The first 50 rows" }),
  totalRows: integer(),
  encoding: t.Optional(t.String({ description: "CSV only: UTF-8, UTF-16LE, UTF-16BE or windows-1251" })),
  delimiter: t.Optional(t.String({ description: "CSV only: the separator found" })),
});
