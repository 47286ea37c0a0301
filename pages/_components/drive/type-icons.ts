import {
  mdiFileDocumentOutline, mdiFileExcelOutline, mdiFileImageOutline, mdiFileOutline, mdiFilePdfBox, mdiFilePowerpointOutline,
  mdiFileWordOutline, mdiFolderZipOutline,
} from "@mdi/js";
import { iconKey, type IconKey } from "../../../islands/drive/format";

/** The icon of each file type; "other" is a zip-typed file that is not an archive (spec: anything else counts as zip). */
export const TYPE_ICONS: Record<IconKey, string> = {
  doc: mdiFileWordOutline,
  xls: mdiFileExcelOutline,
  ppt: mdiFilePowerpointOutline,
  pdf: mdiFilePdfBox,
  jpg: mdiFileImageOutline,
  png: mdiFileImageOutline,
  txt: mdiFileDocumentOutline,
  zip: mdiFolderZipOutline,
  other: mdiFileOutline,
};

export const iconOf = (file: { name: string; type: string }) => TYPE_ICONS[iconKey(file)];
