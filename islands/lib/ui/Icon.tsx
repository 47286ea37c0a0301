/** An inline Material Design icon (an @mdi/js path): no request. Decorative unless it has a label; `kind` names what it stands for (data-kind). */
export function Icon({ path, label, kind }: { path: string; label?: string; kind?: string }) {
  return (
    <svg viewBox="0 0 24 24" focusable="false" aria-hidden={label ? undefined : true} role={label ? "img" : undefined} aria-label={label} data-kind={kind}>
      <path d={path} />
    </svg>
  );
}
