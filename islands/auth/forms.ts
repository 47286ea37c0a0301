import { t } from "../lib/i18n";
import type { MessageKey } from "../../locales/en";
import { loginProblem, normalizeLogin, passwordProblem } from "../../src/modules/users/validation";

export type Rule = (value: string) => string | null;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const required = (key: MessageKey): Rule => (value) => (value.trim() ? null : t(key));
export const email = (key: MessageKey): Rule => (value) => (!value.trim() || EMAIL_PATTERN.test(value.trim()) ? null : t(key));
/** The server's login rules (one script, nothing invisible), so the form says so before sending. */
export const login: Rule = (value) => {
  const problem = value.trim() ? loginProblem(normalizeLogin(value)) : null;
  return problem ? t(problem) : null;
};

/** The server's rule for a new password, checked while it is typed. */
export const password: Rule = (value) => {
  const problem = passwordProblem(value);
  return problem ? t(problem) : null;
};

/**
 * Live validation for a form: each field shows its first failing rule once touched, and the submit
 * button stays disabled while any field fails.
 */
export function validateForm(form: HTMLFormElement, rules: Record<string, Rule[]>) {
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const touched = new Set<string>();
  const errorOf = (name: string) => rules[name].map((rule) => rule(input(name).value)).find(Boolean) ?? null;

  const render = () => {
    let valid = true;
    for (const name of Object.keys(rules)) {
      const error = errorOf(name);
      if (error) valid = false;
      showFieldError(form, name, touched.has(name) ? error : null);
      // A field's rule, shown before anything is sent, is ticked off once the value keeps it.
      form.querySelector(`[data-hint-for="${name}"]`)?.toggleAttribute("data-met", !error && input(name).value !== "");
    }
    submit.disabled = !valid;
    return valid;
  };
  for (const name of Object.keys(rules)) {
    input(name).addEventListener("input", () => {
      touched.add(name);
      render();
    });
    input(name).addEventListener("blur", () => {
      touched.add(name);
      render();
    });
  }
  render();
  return {
    values: () => Object.fromEntries(Object.keys(rules).map((name) => [name, input(name).value])) as Record<string, string>,
    touchAll: () => {
      Object.keys(rules).forEach((name) => touched.add(name));
      return render();
    },
    /** Empties the fields and forgets they were touched (after a password change). */
    clear: () => {
      Object.keys(rules).forEach((name) => (input(name).value = ""));
      touched.clear();
      render();
    },
  };
}

export function showFieldError(form: HTMLFormElement, name: string, message: string | null) {
  const field = form.elements.namedItem(name) as HTMLInputElement | null;
  const slot = form.querySelector(`[data-error-for="${name}"]`);
  if (field) field.setAttribute("aria-invalid", message ? "true" : "false");
  if (slot) slot.textContent = message ?? "";
}

/** Shows a form-wide message (error or success) in the form's status line. */
export function showFormMessage(form: HTMLFormElement, message: string, kind: "error" | "note" = "error") {
  const box = form.querySelector<HTMLElement>("[data-form-message]")!;
  box.className = kind === "error" ? "form-error" : "form-note";
  box.textContent = message;
  box.hidden = !message;
}
