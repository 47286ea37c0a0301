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

export const optionsQuery = t.Object({ tableId: Id(), header: t.String({ maxLength: 20 }) });
