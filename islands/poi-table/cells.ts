/** A table cell's text (spec 3, section 9: numbers with at most 4 decimals, trailing zeros trimmed); yes and no are the reader's words. */
export function cellText(value: unknown, words: { yes: string; no: string }, locale: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (typeof value === "number") return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}
