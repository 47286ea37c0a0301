/** One field's complaint, as the error body's `details` lists them. */
export interface ErrorDetail {
  path: string;
  message: string;
  /** A locales key; the error handler replaces `message` with its text in the request's language. */
  code?: string;
  /** The line of a script the complaint is about (a calculation that failed). */
  line?: number;
}

/** Every expected failure: a status, a stable snake_case code the UI translates, and an English message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }

  toBody() {
    return { status: this.status, error: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) => new AppError(400, code, message, details);
export const invalid = (details: ErrorDetail[], message = "Some fields are not valid") =>
  new AppError(422, "validation_failed", message, details);
export const unauthorized = () => new AppError(401, "unauthorized", "Sign in first");
export const forbidden = () => new AppError(403, "forbidden", "You do not have the rights for this");
export const notFound = (what: string) => new AppError(404, `${what}_not_found`, `No such ${what.replace(/_/g, " ")}`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooLarge = (message = "The request is too large") => new AppError(413, "payload_too_large", message);
export const tooManyRequests = (message: string) => new AppError(429, "too_many_requests", message);
