/**
 * The Content-Security-Policy of every page, in one place. Astro writes script-src and style-src
 * itself (hashes of whatever it inlines: the island loader, inlined stylesheets), so these are
 * the other directives; astro.config.mjs hands them to `security.csp`, and src/web.ts uses
 * PAGE_CSP_FALLBACK for a page response Astro did not give a policy (redirects, plain answers).
 * - img-src data: blob: for generated images and previews; worker-src blob: for pdf.js.
 * - connect-src 'self' covers the live channel: CSP Level 3 lets 'self' match ws:/wss: of the same host and port.
 * - Style attributes are allowed (style-src-attr 'unsafe-inline'): pages and React set them for
 *   colours and positions; <style> elements still need a hash. Scripts never run inline unless hashed.
 */
export const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
] as const;

/** For responses that Astro did not render: nothing inline may run. */
export const PAGE_CSP_FALLBACK = [...PAGE_DIRECTIVES, "script-src 'self'", "style-src 'self'", "style-src-attr 'unsafe-inline'"].join("; ");

/** A page marks its response with this header (src/web.ts removes it) to be framed by any site: a public map frame. */
export const EMBEDDABLE_MARK = "x-plexus-embeddable";

/** `policy` with frame-ancestors opened to every site; every other directive as it was. */
export const embeddablePolicy = (policy: string) =>
  [...policy.split(";").map((directive) => directive.trim()).filter((directive) => directive && !directive.startsWith("frame-ancestors")), "frame-ancestors *"].join("; ");
