import { api } from "../lib/api";

/** Saves the language (cookie, and the profile when signed in) and reloads the page in it. */
export async function setLocale(locale: string) {
  await api("users/set-locale", { body: { locale }, raw: true }).catch(() => {
    document.cookie = `plexus_locale=${locale}; path=/; max-age=31536000; samesite=lax`;
  });
  location.reload();
}
