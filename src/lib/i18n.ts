import { en, type MessageKey, type Messages } from "../../locales/en";
import { ru } from "../../locales/ru";
import { es } from "../../locales/es";
import { fillPlaceholders } from "./placeholders";

export const LOCALES = ["en", "ru", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = "plexus_locale";

const dictionaries: Record<Locale, Messages> = { en, ru, es };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The cookie set by the language menu wins; then the browser's Accept-Language order; then English. */
export function pickLocale(cookieValue: string | undefined | null, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.find((entry) => isLocale(entry.lang))?.lang as Locale | undefined ?? "en";
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translator for one locale; a key missing there falls back to English, placeholders are {{name}}. */
export function translator(locale: Locale): Translate {
  const dict = dictionaries[locale] ?? en;
  return (key, params) => {
    const text = dict[key] ?? en[key] ?? key;
    return params ? fillPlaceholders(text, params, String, locale) : text;
  };
}

/** The strings an island or page script needs, picked by key prefix so pages ship only those. */
export function messagesFor(locale: Locale, prefixes: string[]): Partial<Messages> {
  const dict = dictionaries[locale] ?? en;
  const out: Partial<Messages> = {};
  for (const key of Object.keys(en) as MessageKey[]) {
    if (prefixes.some((p) => key.startsWith(p))) out[key] = dict[key] ?? en[key];
  }
  return out;
}

export type {  Messages };
