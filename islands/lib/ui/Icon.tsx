/** An inline Material Design icon (an @mdi/js path): no request. Decorative unless it has a label. */
export function Icon({ path, label }: { path: string; label?: string }) {
  return (
    <svg viewBox="0 0 24 24" focusable="false" aria-hidden={label ? undefined : true} role={label ? "img" : undefined} aria-label={label}>
      <path d={path} />
    </svg>
  );
}
