/** A dialog form's line: the server's refusal (error) or what is going on (note); nothing while empty. */
export function FormMessage({ text, kind = "error" }: { text: string; kind?: "error" | "note" }) {
  return (
    <p className={kind === "error" ? "form-error" : "form-note"} data-form-message role="alert" hidden={!text}>
      {text}
    </p>
  );
}
