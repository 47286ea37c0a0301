import { t } from "elysia";
import { invalid } from "./errors";

/** A database id as text: digits without sign, spaces, leading zeros or exponent, below 2^53 (at most 15 digits). */
const ID_PATTERN = "^[1-9][0-9]{0,14}$";
const ID = new RegExp(ID_PATTERN);

/**
 * A database id in a path or query. Elysia's t.Numeric would take " 1", "0x10", "1e0" and "1.0"
 * for numbers; these get a 422 instead.
 */
export const Id = () => t.Transform(t.String({ pattern: ID_PATTERN })).Decode(Number).Encode(String);

/** A page's route parameter as an id by the same rule, or undefined. */
export const idParam = (value: string | undefined): number | undefined => (value !== undefined && ID.test(value) ? Number(value) : undefined);

/** A whole number in a path or query (page numbers, limits, ids to read after), as strict as Id. */
export const Whole = (maximum = Number.MAX_SAFE_INTEGER, minimum = 0) =>
  t.Transform(t.String({ pattern: "^(0|[1-9][0-9]{0,14})$" }))
    .Decode((value) => {
      const n = Number(value);
      // Elysia rethrows what a decoder throws, so this must be our own 422, not a plain Error (a 500).
      if (n < minimum || n > maximum) throw invalid([{ path: "query", message: `Expected a whole number from ${minimum} to ${maximum}` }]);
      return n;
    })
    .Encode(String);
