/**
 * `{{name}}` placeholders filled from `values` (a missing one becomes empty): the one rule for
 * translations on the server and in the browser and for mail templates. `encode` prepares each value
 * for where it goes (HTML-escaping in a mail body).
 */
export const fillPlaceholders = (text: string, values: Record<string, unknown>, encode: (value: string) => string = String): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => encode(String(values[name] ?? "")));
