import { and, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { wordsOfTerm } from "../../lib/text-fold";
import { contains } from "../data/text-match";

/** The trigram index reads three characters at a time: a shorter part of a name cannot use it. */
const TRIGRAM = 3;

/** `term` as one FTS5 phrase: quoted, inner quotes doubled, so `*`, `-`, NEAR and parentheses are plain text. */
export const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The data item whose id is `id` has a name containing every word of `term`, in any order, any case, any
 * script: found through the data_item_names trigram index (migration 0014, kept in step by triggers on
 * data_items). Words under three characters have no trigram and are looked for by scanning `name`.
 */
export function nameContains(id: SQLWrapper, name: SQLWrapper, term: string): SQL {
  const words = wordsOfTerm(term);
  const indexed = words.filter((word) => [...word].length >= TRIGRAM);
  const short = words.filter((word) => [...word].length < TRIGRAM);
  const match = indexed.length ? sql`${id} in (select rowid from data_item_names where data_item_names match ${indexed.map(ftsPhrase).join(" AND ")})` : undefined;
  return and(match, ...short.map((word) => contains(name, word)))!;
}
