import { useEffect, useState } from "react";
import { useT } from "./i18n";

/**
 * Dates in the page's language: in UTC while Astro renders on the server and while the page hydrates (the
 * server does not know the reader's time zone, and both must render the same text), in the reader's own
 * time zone from then on.
 */
export function useDates() {
  const { locale } = useT();
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const timeZone = local ? undefined : "UTC";
  const stamps = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const moments = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  return {
    /** The short date with the time. */
    stamp: (iso: string) => stamps.format(new Date(iso)),
    day: (iso: string) => days.format(new Date(iso)),
    /** The medium date with the time. */
    moment: (iso: string) => moments.format(new Date(iso)),
  };
}
