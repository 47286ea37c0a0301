import { fillPlaceholders } from "../../src/lib/placeholders";
import type { MessageKey } from "../../locales/en";

/** Client-side translation: the page carries the strings its islands need as JSON in a meta element of its head (see Base.astro). */
let messages: Record<string, string> | undefined;

// Without a page (a test, or Astro rendering on the server, where components use ui/i18n's useT) there are no strings: keys stand for them.
function loaded(): Record<string, string> {
  if (messages) return messages;
  const embedded = typeof document === "undefined" ? null : document.querySelector<HTMLMetaElement>('meta[name="plexus-i18n"]');
  // Kept only once read: asked before the page's strings are parsed, keys stand in, and the next call reads them.
  if (embedded) messages = JSON.parse(embedded.content || "{}") as Record<string, string>;
  return messages ?? {};
}

/** The console's words for a key the page did not embed (the browser tests fail on them). */
export const MISSING_STRING = "plexus: this page did not embed the string";
const reported = new Set<string>();

/** A key of locales/en.ts: a misspelt one fails the type check. A key the page's strings lack shows as itself, and is reported once. */
export function t(key: MessageKey): string {
  const strings = loaded();
  if (messages && !Object.hasOwn(strings, key) && !reported.has(key)) {
    reported.add(key);
    console.warn(`${MISSING_STRING} ${key}`);
  }
  return strings[key] ?? key;
}

/** Whether the page has a string for `key`, e.g. for an error code the server sent: ask this, never compare t()'s answer with its key. */
export const hasMessage = (key: string): key is MessageKey => Object.hasOwn(loaded(), key);

/** Strings fetched after the page loaded (the chat panel's, on pages that did not embed them). */
export const addMessages = (more: Record<string, string>) => {
  messages = Object.assign(loaded(), more);
};

/** t() with its {{name}} placeholders filled. */
export const tf = (key: MessageKey, params: Record<string, string | number>) => fillPlaceholders(t(key), params, String, locale());

/** The page's language, for Intl formats. */
export const locale = () => document.documentElement.lang || "en";
