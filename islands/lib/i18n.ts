/** Client-side translation: the page embeds the strings its scripts need as JSON (see Base.astro). */
let messages: Record<string, string> | undefined;

export function t(key: string): string {
  if (!messages) {
    const node = document.getElementById("plexus-i18n");
    messages = node ? JSON.parse(node.textContent || "{}") : {};
  }
  return messages![key] ?? key;
}
