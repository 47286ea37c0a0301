import { api } from "../lib/api";

/** Saves the language (cookie, and the profile when signed in) and reloads the page in it. */
export async function setLocale(locale: string) {
  await api("users/set-locale", { body: { locale }, raw: true }).catch(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the fallback when the server cannot be reached; Cookie Store is not in every browser yet
    document.cookie = `plexus_locale=${locale}; path=/; max-age=31536000; samesite=lax`;
  });
  location.reload();
}
