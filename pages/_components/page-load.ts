import { AppError } from "../../src/lib/errors";

/**
 * What a page's load came to: the value, or the service's refusal, 404 ("does not exist" and "not
 * yours" alike, and a key that is no key) or 403. The page decides where each goes.
 */
export type PageLoad<T> = { value: T; refused?: undefined } | { value?: undefined; refused: 403 | 404 };

/** Runs a page's load by id or token (undefined: the route's parameter was not one); anything but a refusal is thrown. */
export function pageLoad<K, T>(key: K | undefined, read: (key: K) => T): PageLoad<T> {
  if (key === undefined) return { refused: 404 };
  try {
    return { value: read(key) };
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return { refused: error.status };
    throw error;
  }
}
