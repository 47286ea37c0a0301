/** Search limits, for the model, the service and the search sheet. */
export const SEARCH_LIMITS = {
  /** A name query's characters; a longer one is refused (422), never scanned. */
  query: 200,
  /** How many hits each group of the name search lists at most. */
  perGroup: 10,
} as const;

/** Full-text search limits: the query (words, characters), and hits per page. */
export const FULLTEXT_LIMITS = {
  /** Words of all q together; more is refused (422). */
  words: 20,
  /** Characters of all q together; more is refused (422). */
  characters: 10_000,
  pageSize: 20,
  /**
   * Readable matches ranked at most: when more texts match (a word in most of them), the newest this
   * many are ranked by bm25 and totalElements says this many (the search sheet tells the reader).
   */
  ranked: 1000,
} as const;
