import { useEffect, useState } from "react";

/**
 * A file's dates in the page's language: in UTC while Astro renders on the server and while the page
 * hydrates (so both render the same text), in the reader's own time zone from then on.
 */
export function useDates(locale: string) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const timeZone = local ? undefined : "UTC";
  const stamps = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const moments = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  return {
    stamp: (iso: string) => stamps.format(new Date(iso)),
    day: (iso: string) => days.format(new Date(iso)),
    /** The medium date with the time. */
    moment: (iso: string) => moments.format(new Date(iso)),
  };
}
