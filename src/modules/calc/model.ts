import { t } from "elysia";
import { Id } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { LIMITS } from "../data/limits";
import { CALC_LIMITS } from "./limits";

const ref = t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/**
 * calc/save: with `id` it changes that calculation's script and props (and name, description or
 * categories when given); without, it creates one in `project` with the default script. `props` is
 * JSON text (spec 2), a list of `{ variable, name }`, checked in the service. The script's limit is in
 * UTF-8 bytes, checked in the service; characters are never more.
 */
export const calcSaveBody = t.Object({
  id: t.Optional(t.Nullable(ref.properties.id)),
  project: t.Optional(ref),
  name: t.Optional(trimmedText(LIMITS.name)),
  description: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.description }))),
  categoryList: t.Optional(t.Nullable(t.Array(ref, { maxItems: LIMITS.categories }))),
  script: t.Optional(t.String({ maxLength: CALC_LIMITS.scriptBytes })),
  props: t.Optional(t.String({ maxLength: 100_000 })),
});

export const calcInvokeQuery = t.Object({ id: Id() });

/** calc/invoke's body: the props list with a number, or its text as the caller's locale writes it, for each (the name is the label, sent back as it came). */
export const calcInvokeBody = t.Array(
  t.Object({
    variable: t.String({ maxLength: CALC_LIMITS.variable }),
    name: t.Optional(t.String({ maxLength: CALC_LIMITS.propName + 100 })),
    value: t.Union([t.Number(), t.String({ maxLength: 100 })]),
  }),
  { maxItems: CALC_LIMITS.props },
);
