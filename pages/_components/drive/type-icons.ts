import { FILE_ICONS } from "../../../islands/lib/file-icons";
import { iconKey, type IconKey } from "../../../islands/drive/format";

/** The icon of each drive file type, from the icons all files share; "other" is a zip-typed file that is not an archive (spec: anything else counts as zip). */
export const TYPE_ICONS: Record<IconKey, string> = {
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

export const iconOf = (file: { name: string; type: string }) => TYPE_ICONS[iconKey(file)];
