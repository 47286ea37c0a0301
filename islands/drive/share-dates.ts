/** A date input's value (YYYY-MM-DD) for the local day of an instant. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The end of a chosen local day, as the instant the server keeps. */
export function endOfDay(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return new Date(year!, month! - 1, day, 23, 59, 59, 999).toISOString();
}
