import { type Locale, messagesFor } from "./i18n";
import { escapeHtml } from "./inline-html";

/** Built meta elements by locale and key prefixes: a few per layout, as pages name fixed prefix lists. */
const built = new Map<string, string>();

/**
 * The head's `<meta name="plexus-i18n">` with the strings a page's islands read (islands/lib/i18n.ts), for
 * `locale` and the keys starting with `prefixes`. The dictionaries are part of the build, so each element is
 * picked, serialised and escaped once per process rather than on every request (a seventh of /login's time).
 */
export function pageStringsMeta(locale: Locale, prefixes: readonly string[]): string {
  const key = `${locale}\n${prefixes.join("\n")}`;
  let meta = built.get(key);
  if (meta === undefined) {
    meta = `<meta name="plexus-i18n" content="${escapeHtml(JSON.stringify(messagesFor(locale, [...prefixes])))}">`;
    built.set(key, meta);
  }
  return meta;
}
