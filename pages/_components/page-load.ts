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
    return refusal(error);
  }
}

/** pageLoad for a load that awaits (a public chart's summary reads its whole table a slice at a time). */
export async function pageLoadAsync<K, T>(key: K | undefined, read: (key: K) => Promise<T>): Promise<PageLoad<T>> {
  if (key === undefined) return { refused: 404 };
  try {
    return { value: await read(key) };
  } catch (error) {
    return refusal(error);
  }
}

function refusal(error: unknown): { refused: 403 | 404 } {
  if (error instanceof AppError && (error.status === 403 || error.status === 404)) return { refused: error.status };
  throw error;
}
