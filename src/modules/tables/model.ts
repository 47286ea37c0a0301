import { t } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { TABLE_LIMITS } from "./limits";

export const idParams = t.Object({ id: Id() });

export const pageQuery = t.Object({
  page: t.Optional(Whole(1_000_000)),
  rowsPerPage: t.Optional(Whole(TABLE_LIMITS.rowsPerPage, 1)),
  sortBy: t.Optional(t.String({ maxLength: 20 })),
  desc: t.Optional(t.UnionEnum(["true", "false"], { default: undefined })),
  filter: t.Optional(t.String({ maxLength: TABLE_LIMITS.filterChars })),
});

/** What a search hit highlights: the words whose first row the table opens at. */
export const findRowQuery = t.Object({ q: t.String({ maxLength: TABLE_LIMITS.filterChars }) });

export const optionsQuery = t.Object({ tableId: Id(), header: t.String({ maxLength: 20 }) });

const rowId = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const cell = t.Union([t.String({ maxLength: TABLE_LIMITS.cellChars + 100 }), t.Number(), t.Null()]);

/** Fields are checked against the table's own in the service, so an unknown one gets a 422 that names it. */
export const updateBody = t.Object({
  id: rowId,
  items: t.Array(t.Record(t.String({ maxLength: 40 }), cell), { maxItems: TABLE_LIMITS.updateRows }),
  removed: t.Optional(t.Array(rowId, { maxItems: TABLE_LIMITS.updateRows })),
});

export const columnTypeBody = t.Object({ id: rowId, field: t.String({ maxLength: 20 }), type: t.UnionEnum(["NUMBER", "DATE", "TEXT"]) });

export const projectParams = t.Object({ projectId: Id() });

export const exportQuery = t.Object({
  format: t.Optional(t.UnionEnum(["xlsx", "csv"], { default: undefined })),
  csv: t.Optional(t.UnionEnum(["point", "comma"], { default: undefined, description: "CSV: commas and decimal points, or semicolons and decimal commas; the reader's locale decides when absent" })),
});
