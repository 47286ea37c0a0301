/** A #RRGGBBAA colour as the colour input's #RRGGBB and an opacity in percent, and back. */
export function splitColour(colour: string): { rgb: string; opacity: number } {
  const rgb = colour.slice(0, 7).toLowerCase();
  const alpha = colour.length === 9 ? Number.parseInt(colour.slice(7, 9), 16) : 255;
  return { rgb, opacity: Math.round((alpha / 255) * 100) };
}

export function joinColour(rgb: string, opacity: number): string {
  const alpha = Math.round((Math.min(100, Math.max(0, opacity)) / 100) * 255);
  return `${rgb}${alpha.toString(16).padStart(2, "0")}`.toUpperCase();
}
