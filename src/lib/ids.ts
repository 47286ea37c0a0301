import { t } from "elysia";

/**
 * A database id in a path or query: digits without sign, spaces, leading zeros or exponent, below 2^53.
 * Elysia's t.Numeric would take " 1", "0x10", "1e0" and "1.0" for numbers; these get a 422 instead.
 */
export const Id = () => t.Transform(t.String({ pattern: "^[1-9][0-9]{0,14}$" })).Decode(Number).Encode(String);

/** A whole number in a path or query (page numbers, limits, ids to read after), as strict as Id. */
export const Whole = (maximum = Number.MAX_SAFE_INTEGER, minimum = 0) =>
  t.Transform(t.String({ pattern: "^(0|[1-9][0-9]{0,14})$" }))
    .Decode((value) => {
      const n = Number(value);
      if (n < minimum || n > maximum) throw new Error(`Expected a whole number from ${minimum} to ${maximum}`);
      return n;
    })
    .Encode(String);
