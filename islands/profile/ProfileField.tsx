import type { InputHTMLAttributes } from "react";

/**
 * A labelled input with its rule (shown before anything is sent, ticked off once met) and the slot
 * for its message, as the sign-in forms lay them out (pages/_components/Field.astro).
 */
export function ProfileField({ name, label, hint, met, error, ...input }: {
  name: string;
  label: string;
  hint?: string;
  met?: boolean;
  error?: string | null;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} maxLength={255} {...input} aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`} />
      {hint && (
        <span className="field__hint" id={`${id}-hint`} data-hint-for={name} data-met={met ? "" : undefined}>
          {hint}
        </span>
      )}
      <span className="field__error" id={`${id}-error`} data-error-for={name} aria-live="polite">
        {error}
      </span>
    </div>
  );
}

/** A form's status line: the server's refusal, or a note once done. */
export function FormMessage({ message }: { message: { text: string; kind: "error" | "note" } | null }) {
  return (
    <p data-form-message role="alert" className={message?.kind === "note" ? "form-note" : "form-error"} hidden={!message}>
      {message?.text}
    </p>
  );
}
