import { ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";

/** A form's messages under its fields, by field name. */
export type FieldErrors = Record<string, string | undefined>;

/**
 * The server's complaints about a form's fields, by field (`body.name` → `name`), to show under
 * them; any other failure is reported as a snackbar and gives none.
 */
export function fieldErrorsOf(error: unknown, fallback?: string): FieldErrors {
  if (error instanceof ApiError && error.details.length) return Object.fromEntries(error.details.map((d) => [d.path.replace(/^body\./, ""), d.message]));
  reportFailure(error, fallback);
  return {};
}
