import { join } from "node:path";

/**
 * Backups live in DATA_DIR/backups, one `plexus-YYYYMMDD-HHmmss.tar.gz.enc` (encrypted) per backup, named in the
 * server's local time; `.tar.gz` ones, made before backups were encrypted, are listed and restored too.
 */
export const backupsDir = (dataDir: string) => join(dataDir, "backups");

const FILE_PATTERN = /^plexus-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz(\.enc)?$/;
const SEALED = ".enc";
/** The spec's backup date: DD.MM.YYYY HH:mm:ss. */
export const DATE_PATTERN = "^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2}$";

const two = (n: number) => String(n).padStart(2, "0");

export function fileNameOf(date: Date): string {
  const d = date;
  return `plexus-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}.tar.gz${SEALED}`;
}

/** "22.11.2026 21:10:44" of a backup file name, or null for any other file. */
export function dateOfFileName(name: string): string | null {
  const m = FILE_PATTERN.exec(name);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}:${m[6]}` : null;
}

/** The file names a spec date may name, encrypted first (the date was checked against DATE_PATTERN by the route). */
export function fileNamesOfDate(date: string): string[] {
  const [day, time] = date.split(" ");
  const [dd, mm, yyyy] = day.split(".");
  const legacy = `plexus-${yyyy}${mm}${dd}-${time.replaceAll(":", "")}.tar.gz`;
  return [`${legacy}${SEALED}`, legacy];
}
