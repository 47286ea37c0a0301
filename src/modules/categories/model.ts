import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { CATEGORY_LIMITS } from "./limits";

const id = () => t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const idQuery = t.Object({ id: Id() });

/** A category as the UI sends it: without id it is created, with id updated; the project never changes. */
export const categoryBody = t.Object({
  id: t.Optional(t.Nullable(id())),
  name: t.Optional(trimmedText(CATEGORY_LIMITS.name)),
  type: t.Optional(t.Nullable(trimmedText(CATEGORY_LIMITS.type))),
  number: t.Optional(t.Nullable(t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }))),
  isDefault: t.Optional(t.Boolean()),
  isPublic: t.Optional(t.Boolean()),
  hasProcess: t.Optional(t.Boolean()),
  description: t.Optional(t.Nullable(t.String({ maxLength: CATEGORY_LIMITS.description }))),
  project: t.Object({ id: id() }),
});
export type CategoryInput = Static<typeof categoryBody>;

/** save-all: the new order of some of one project's categories. */
export const orderBody = t.Array(t.Object({ id: id(), number: t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) }), {
  maxItems: 10_000,
});
export type OrderInput = Static<typeof orderBody>;

/** make-copy takes its arguments from the query or from a JSON body; the body wins. */
export const copyQuery = t.Object({
  categoryId: t.Optional(Id()),
  name: t.Optional(trimmedText(CATEGORY_LIMITS.name)),
});
export const copyBody = t.Optional(
  t.Object({
    categoryId: t.Optional(id()),
    name: t.Optional(trimmedText(CATEGORY_LIMITS.name)),
  }),
);
export interface CopyInput {
  categoryId?: number;
  name?: string;
  /** Where the name came from, for the error's path. */
  nameFrom: "query" | "body";
}
