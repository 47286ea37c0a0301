import { addMessages } from "../lib/i18n";

/**
 * The page's language and its strings, as Base.astro gives them, for component tests under withDom()
 * (each test file runs in its own global with --isolate, so each sets its own).
 */
export function pageStrings(lang: string, messages: Record<string, string>) {
  document.documentElement.lang = lang;
  addMessages(messages);
}
