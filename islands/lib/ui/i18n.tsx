/**
 * Strings for components, on both sides: Astro renders an island on the server, where there is no
 * page to read strings from, then the browser hydrates it. An island's root takes the page's
 * `locale` as a prop and wraps its tree in <Localized>; components call useT(). On the server the
 * whole dictionary is at hand; in the browser the page's embedded strings are (see Base.astro), and
 * the server-only branch is dropped from the browser bundle.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { MessageKey } from "../../../locales/en";
import { fillPlaceholders } from "../../../src/lib/placeholders";
import { type Locale, translator } from "../../../src/lib/i18n";
import { locale as pageLocale, t as pageT, tf as pageTf } from "../i18n";

const LocaleContext = createContext<Locale>("en");

export function Localized({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export interface Strings {
  t: (key: MessageKey) => string;
  /** t() with its {{name}} placeholders filled. */
  tf: (key: MessageKey, params: Record<string, string | number>) => string;
  locale: Locale;
}

const browserStrings = (): Strings => ({ t: pageT, tf: pageTf, locale: pageLocale() as Locale });

function serverStrings(locale: Locale): Strings {
  const translate = translator(locale);
  return { t: (key) => translate(key), tf: (key, params) => fillPlaceholders(translate(key), params, String, locale), locale };
}

export function useT(): Strings {
  const locale = useContext(LocaleContext);
  return import.meta.env.SSR ? serverStrings(locale) : browserStrings();
}
