import type { MessageKey } from "../../locales/en";

type Fill = (key: MessageKey, params: Record<string, string | number>) => string;

/** `value` with exactly `fixed` decimals, or with up to 2 when `fixed` is undefined (metres and m²). */
const number = (locale: string, value: number, fixed?: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: fixed ?? 0, maximumFractionDigits: fixed ?? 2 }).format(value);

/** A geodesic length in metres as spec 3 shows it: over 100 m in km with 2 decimals, else in m. */
export function formatLength(metres: number, locale: string, tf: Fill): string {
  if (metres > 100) return tf("map.unit.km", { value: number(locale, metres / 1000, 2) });
  return tf("map.unit.m", { value: number(locale, metres) });
}

/** A geodesic area in m²: over 1,000,000 m² in km², over 5,000 m² in hectares with 1 decimal, else in m². */
export function formatArea(squareMetres: number, locale: string, tf: Fill): string {
  if (squareMetres > 1_000_000) return tf("map.unit.km2", { value: number(locale, squareMetres / 1_000_000, 2) });
  if (squareMetres > 5_000) return tf("map.unit.ha", { value: number(locale, squareMetres / 10_000, 1) });
  return tf("map.unit.m2", { value: number(locale, squareMetres) });
}
