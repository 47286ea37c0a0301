import { sql, type SQL } from "drizzle-orm";
import { issues } from "../../../db/schema";
import { parseNumber } from "../../lib/numbers";
import { contains } from "../data/text-match";

// Template values after a task is made: what an edit of one changed (for its history line) and the
// list's filter on one of them.

type Values = Record<string, unknown>;
const valuesOf = (json: string | null | undefined): Values => (json ? (JSON.parse(json) as Values) : {});

/** The stored values with `field` set to `value` (null or empty text: cleared) and the values of fields the template no longer has left out. */
export function withValue(stored: string | null, fieldNames: string[], field: string, value: unknown): Values {
  const kept = Object.fromEntries(Object.entries(valuesOf(stored)).filter(([name]) => fieldNames.includes(name)));
  return { ...kept, [field]: value };
}

/**
 * A list filter on one template value (`field:<name>` criteria): `true` and `false` match a BOOLEAN,
 * a number (read in `locale`) an equal NUMBER or a USER's id, other text a STRING or LIST value that
 * contains it, ignoring case in any script.
 */
export function fieldCondition(field: string, term: string, locale: string): SQL {
  const entry = sql`select 1 from json_each(${issues.additionalFields}) where key = ${field}`;
  if (term === "true" || term === "false") return sql`exists (${entry} and type = ${term})`;
  const number = parseNumber(term, locale);
  const numeric = number.ok ? sql` or (type in ('integer', 'real') and value = ${number.value})` : sql``;
  return sql`exists (${entry} and ((type = 'text' and ${contains(sql`value`, term)})${numeric}))`;
}
