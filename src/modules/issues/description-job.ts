/**
 * A description built in the worker (src/lib/untrusted-worker.ts), so a large one does not hold the event
 * loop: the built description, or the complaints a save answers with.
 */
import { AppError, type ErrorDetail } from "../../lib/errors";
import { parseDescription } from "./description";

export type DescriptionJobResult = { built: { json: string; html: string } } | { details: ErrorDetail[] };

export default function buildDescription(raw: string): DescriptionJobResult {
  try {
    return { built: parseDescription(raw) };
  } catch (error) {
    if (error instanceof AppError && error.details) return { details: error.details };
    throw error;
  }
}
