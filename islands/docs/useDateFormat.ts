import { useEffect, useState } from "react";
import { useT } from "../lib/ui/i18n";

/**
 * Short date and time in the reader's language. The server does not know the reader's time zone: what
 * it renders, and the browser's first render that must match it, are in UTC; then the reader's own.
 */
export function useDateFormat() {
  const { locale } = useT();
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: local ? undefined : "UTC" });
  return (iso: string) => format.format(new Date(iso));
}
