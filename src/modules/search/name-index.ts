import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { contains } from "../data/text-match";

/** The trigram index reads three characters at a time: a shorter part of a name cannot use it. */
const TRIGRAM = 3;

/** `term` as one FTS5 phrase: quoted, inner quotes doubled, so `*`, `-`, NEAR and parentheses are plain text. */
export const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The data item whose id is `id` has a name containing `term`, any case, any script: found through the
 * data_item_names trigram index (migration 0014, kept in step by triggers on data_items). A term under
 * three characters has no trigram and falls back to scanning `name`.
 */
export function nameContains(id: SQLWrapper, name: SQLWrapper, term: string): SQL {
  if ([...term].length < TRIGRAM) return contains(name, term);
  return sql`${id} in (select rowid from data_item_names where data_item_names match ${ftsPhrase(term)})`;
}
