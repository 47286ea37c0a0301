/** How files are shown: sizes, shortened names and links to a drive file's bytes (drive, chat and the pages). */
import { locale, t } from "./i18n";

/** Unit names in the reader's language (common.size.*). */
export interface SizeUnits {
  bytes: string;
  kb: string;
  mb: string;
  gb: string;
}

/** The unit names from a translator (the page's t() on the server, the embedded strings in the browser). */
export const sizeUnits = (translate: (key: `common.size.${keyof SizeUnits}`) => string): SizeUnits => ({
  bytes: translate("common.size.bytes"),
  kb: translate("common.size.kb"),
  mb: translate("common.size.mb"),
  gb: translate("common.size.gb"),
});

/** Spec 1 section 5: Bytes, KB, MB, GB, dividing by 1024 while the value is above 900; at most two decimals. */
export function formatSize(bytes: number, units: SizeUnits, localeName: string): string {
  const names = [units.bytes, units.kb, units.mb, units.gb];
  let value = bytes;
  let unit = 0;
  while (value > 900 && unit < names.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(localeName, { maximumFractionDigits: 2 }).format(value)} ${names[unit]}`;
}

/** A size in the page's language. */
export const sizeText = (bytes: number) => formatSize(bytes, sizeUnits(t), locale());

/** Spec 1 section 9: names in the viewer are shortened to `max` characters (45, or 15 on narrow screens). */
export const shortName = (name: string, max: number) => ([...name].length > max ? `${[...name].slice(0, max - 1).join("")}…` : name);

/** A drive file's bytes by the token the viewer reached it with; `inline` for the viewers. */
export const userFileUrl = (token: string, inline = false) => `/api/files/get-user-file/${encodeURIComponent(token)}${inline ? "?inline=1" : ""}`;
