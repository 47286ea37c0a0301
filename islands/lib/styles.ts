const adopted = new Set<string>();

/**
 * A stylesheet's text (a `?inline` import) as a constructed stylesheet of the document, once: the
 * pages' Content-Security-Policy admits no unhashed <style> element, so modules loaded on demand
 * (viewers, editors) bring their styles this way.
 */
export function adoptStyles(css: string) {
  if (adopted.has(css)) return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
