/** Client-side translation: the page embeds the strings its scripts need as JSON (see Base.astro). */
let messages: Record<string, string> | undefined;

export function t(key: string): string {
  if (!messages) {
    const node = document.getElementById("plexus-i18n");
    messages = node ? JSON.parse(node.textContent || "{}") : {};
  }
  return messages![key] ?? key;
}

/** t() with its {{name}} placeholders filled. */
export const tf = (key: string, params: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
