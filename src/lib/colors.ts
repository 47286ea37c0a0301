/** A stable non-negative number from a name, the seed of its colours. */
export function nameHash(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return Math.abs(hash);
}

/**
 * A stable background colour derived from a name (favourite projects, avatars), readable under white
 * initials: yellows and greens (hues 28–201) are darker, so every hue keeps WCAG's 4.5:1
 * (src/lib/colors.test.ts walks them all).
 */
export function colorFromName(name: string): string {
  return readableHue(nameHash(name) % 360);
}

/** The colour of `hue` (0–359) by the same rule: 4.5:1 with white, so on a white chart too. */
export const readableHue = (hue: number) => `hsl(${hue} 55% ${hue >= 28 && hue < 202 ? 30 : 42}%)`;
