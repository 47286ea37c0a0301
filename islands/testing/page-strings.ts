/**
 * The page's language and its strings as Base.astro embeds them, for component tests under withDom():
 * islands/lib/i18n reads them once, so every test file that calls this should give the same language.
 */
export function pageStrings(lang: string, messages: Record<string, string>) {
  document.documentElement.lang = lang;
  const strings = document.createElement("script");
  strings.id = "plexus-i18n";
  strings.type = "application/json";
  strings.textContent = JSON.stringify(messages);
  document.head.append(strings);
}
