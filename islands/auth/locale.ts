/** The language switch of the sign-in pages and of the shell's language buttons. */
import type { Locale } from "../../src/lib/i18n";
import { call, server } from "../lib/server";

/** Saves the language (cookie, and the profile when signed in) and reloads the page in it. */
export async function setLocale(locale: Locale) {
  await call(server.users["set-locale"].post({ locale }), { raw: true }).catch(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the fallback when the server cannot be reached; Cookie Store is not in every browser yet
    document.cookie = `plexus_locale=${locale}; path=/; max-age=31536000; samesite=lax`;
  });
  location.reload();
}
