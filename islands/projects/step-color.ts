const NAMED_STEP_COLORS: Record<string, string> = {
  blue: "#2196f3", red: "#f44336", pink: "#e91e63", purple: "#9c27b0", indigo: "#3f51b5", cyan: "#00bcd4", teal: "#009688",
  green: "#4caf50", lime: "#cddc39", yellow: "#ffeb3b", amber: "#ffc107", orange: "#ff9800", brown: "#795548", grey: "#9e9e9e", black: "#000000",
};

/** A roadmap step's colour as #rrggbb for the view and the colour picker; blue when missing or unknown. */
export function stepColor(raw: string | undefined): string {
  const value = (raw ?? "").trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join("")}`;
  if (/^#[0-9a-f]{8}$/.test(value)) return value.slice(0, 7);
  return NAMED_STEP_COLORS[value] ?? NAMED_STEP_COLORS.blue;
}
