/** sRGB channels (0..1) of an HSL colour. */
export function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

/** WCAG contrast ratio of a colour against white text. */
export function contrastWithWhite([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}

const SATURATION = 0.55;
const lightnessFor = new Map<number, number>();

/** The lightest shade of a hue (42% at most) on which white initials keep WCAG's 4.5:1; yellows and greens get darker. */
function readableLightness(hue: number): number {
  let lightness = lightnessFor.get(hue);
  if (lightness !== undefined) return lightness;
  for (lightness = 42; lightness > 10 && contrastWithWhite(hslToRgb(hue, SATURATION, lightness / 100)) < 4.6; lightness--);
  lightnessFor.set(hue, lightness);
  return lightness;
}

/** A stable non-negative number from a name, the seed of its colours. */
export function nameHash(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return Math.abs(hash);
}

/** A stable background colour derived from a name (favourite projects, avatars), readable under white text. */
export function colorFromName(name: string): string {
  const hue = nameHash(name) % 360;
  return `hsl(${hue} ${SATURATION * 100}% ${readableLightness(hue)}%)`;
}
