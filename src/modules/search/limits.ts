/** Search limits, for the model, the service and the search sheet. */
export const SEARCH_LIMITS = {
  /** A name query's characters; a longer one is refused (422), never scanned. */
  query: 200,
  /** How many hits each group of the name search lists at most. */
  perGroup: 10,
} as const;
