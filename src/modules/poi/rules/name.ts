/** The longest combined name before it is cut and ends with '...'. */
const NAME_LIMIT = 150;

/** A template field as the name rule reads it. */
interface NamePart {
  id: number;
  type: string;
  index: number;
  partOfName: boolean;
}

/**
 * An object's name: its partOfName string fields (in field order) joined by ' | ', cut to 150
 * characters plus '...'; without any, the first string value; else the template's name.
 */
export function combinedName(templateName: string, fields: readonly NamePart[], values: ReadonlyMap<number, unknown>): string {
  const strings = [...fields]
    .sort((a, b) => a.index - b.index)
    .filter((field) => field.type === "STRING")
    .map((field) => ({ field, value: values.get(field.id) }))
    .filter((entry): entry is { field: NamePart; value: string } => typeof entry.value === "string" && entry.value.trim() !== "");
  const parts = strings.filter((entry) => entry.field.partOfName).map((entry) => entry.value.trim());
  const joined = parts.length ? parts.join(" | ") : (strings[0]?.value.trim() ?? "");
  if (!joined) return templateName;
  const chars = [...joined];
  return chars.length > NAME_LIMIT ? `${chars.slice(0, NAME_LIMIT).join("")}...` : joined;
}
