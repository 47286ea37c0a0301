/** Unit names in the reader's language (drive.bytes, drive.kb, drive.mb, drive.gb). */
export interface SizeUnits {
  bytes: string;
  kb: string;
  mb: string;
  gb: string;
}

/** Spec 1 section 5: Bytes, KB, MB, GB, dividing by 1024 while the value is above 900. */
export function formatSize(bytes: number, units: SizeUnits, locale: string): string {
  const names = [units.bytes, units.kb, units.mb, units.gb];
  let value = bytes;
  let unit = 0;
  while (value > 900 && unit < names.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${names[unit]}`;
}

/** Spec 1 section 9: names in the viewer are shortened to `max` characters (45, or 15 on narrow screens). */
export const shortName = (name: string, max: number) => ([...name].length > max ? `${[...name].slice(0, max - 1).join("")}…` : name);

/** The drive's file types, and "other" for a zip-typed file that is not an archive (spec: anything else counts as zip). */
export type IconKey = "doc" | "jpg" | "pdf" | "png" | "ppt" | "txt" | "xls" | "zip" | "other";

/** Which icon a file gets: its type, except that only real archives show the archive icon. */
export const iconKey = (file: { name: string; type: string }): IconKey =>
  file.type === "zip" && !/\.zip$/i.test(file.name) ? "other" : (file.type as IconKey);

/** Spec 1 section 5: the viewer renders pdf, png, jpg, gif, jpeg; everything else is unsupported. */
export const previewKind = (name: string): "pdf" | "image" | null =>
  /\.pdf$/i.test(name) ? "pdf" : /\.(png|jpe?g|gif)$/i.test(name) ? "image" : null;
