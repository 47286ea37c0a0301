import { AppError } from "../../../src/lib/errors";

/**
 * Runs a page's project load. A project or category the actor may not see (the service answers
 * 404, or 403) gives undefined, so the page can send the person to / as the spec asks.
 */
export function orHome<T>(load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

/** A route parameter as a positive id, or undefined. */
export function idParam(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && String(id) === value ? id : undefined;
}
