/** A short status line in the viewer: loading, empty list, read error (an error is announced). */
export function StageMessage({ text, error }: { text: string; error?: boolean }) {
  return (
    <p className={`docv-message docv-message--${error ? "error" : "info"}`} role={error ? "alert" : undefined}>
      {text}
    </p>
  );
}
