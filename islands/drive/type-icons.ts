import { FILE_ICONS } from "../lib/file-icons";

/** The drive's file types, and "other" for a zip-typed file that is not an archive (spec: anything else counts as zip). */
type IconKey = "doc" | "jpg" | "pdf" | "png" | "ppt" | "txt" | "xls" | "zip" | "other";

/** The icon of each drive file type, from the icons all files share. */
const TYPE_ICONS: Record<IconKey, string> = {
  doc: FILE_ICONS.word,
  xls: FILE_ICONS.sheet,
  ppt: FILE_ICONS.slides,
  pdf: FILE_ICONS.pdf,
  jpg: FILE_ICONS.image,
  png: FILE_ICONS.image,
  txt: FILE_ICONS.text,
  zip: FILE_ICONS.archive,
  other: FILE_ICONS.other,
};

/** A file's icon (an @mdi/js path): its type's, except that only real archives show the archive icon. */
export const iconOf = (file: { name: string; type: string }) =>
  TYPE_ICONS[file.type === "zip" && !/\.zip$/i.test(file.name) ? "other" : (file.type as IconKey)];
