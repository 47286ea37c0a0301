import type { ErrorDetail } from "../../lib/errors";
import type { MessageKey } from "../../../locales/en";

/** A pragmatic e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = { name: 100, login: 64, email: 254, password: 256, minPassword: 8, text: 255 };

type Check = [field: string, value: string | undefined, requiredKey: MessageKey, max: number];

/** Required fields with the spec's messages (translated on the way out), plus length limits. */
export function requireFields(checks: Check[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const [field, value, requiredKey, max] of checks) {
    const text = value?.trim() ?? "";
    if (!text) details.push({ path: `body.${field}`, message: requiredKey, code: requiredKey });
    else if (text.length > max) details.push({ path: `body.${field}`, message: `At most ${max} characters`, code: "validation.tooLong" });
  }
  return details;
}

export function checkEmail(field: string, value: string | undefined): ErrorDetail[] {
  const text = value?.trim() ?? "";
  return text && !EMAIL_PATTERN.test(text)
    ? [{ path: `body.${field}`, message: "registration.emailInvalid", code: "registration.emailInvalid" }]
    : [];
}

export function checkPasswordStrength(field: string, value: string | undefined): ErrorDetail[] {
  return value && value.length < LIMITS.minPassword
    ? [{ path: `body.${field}`, message: "validation.passwordTooShort", code: "validation.passwordTooShort" }]
    : [];
}
