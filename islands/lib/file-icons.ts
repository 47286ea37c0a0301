import {
  mdiFileDocumentOutline, mdiFileExcelOutline, mdiFileImageOutline, mdiFileOutline, mdiFilePdfBox, mdiFilePowerpointOutline,
  mdiFileWordOutline, mdiFolderZipOutline,
} from "@mdi/js";
import { isImageName } from "../../src/lib/file-types";

// The icon of a file by its type, for the pages (server) and the islands alike: documents, uploads and the drive.

/** The kinds of file people tell apart at a glance. */
type FileKind = "pdf" | "word" | "sheet" | "slides" | "image" | "text" | "archive" | "other";

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  doc: "word",
  docx: "word",
  rtf: "word",
  odt: "word",
  xls: "sheet",
  xlsx: "sheet",
  csv: "sheet",
  ods: "sheet",
  ppt: "slides",
  pptx: "slides",
  odp: "slides",
  txt: "text",
  md: "text",
  zip: "archive",
  "7z": "archive",
  rar: "archive",
  tar: "archive",
  gz: "archive",
};

/** A file's kind from its name (images as src/lib/file-types recognises them). */
export const fileKind = (name: string): FileKind =>
  isImageName(name) ? "image" : (KIND_BY_EXTENSION[/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ""] ?? "other");

/** One @mdi/js icon per kind. */
export const FILE_ICONS: Record<FileKind, string> = {
  pdf: mdiFilePdfBox,
  word: mdiFileWordOutline,
  sheet: mdiFileExcelOutline,
  slides: mdiFilePowerpointOutline,
  image: mdiFileImageOutline,
  text: mdiFileDocumentOutline,
  archive: mdiFolderZipOutline,
  other: mdiFileOutline,
};

/** The icon path of a file name, for pages/_components/Icon.astro. */
export const fileIcon = (name: string) => FILE_ICONS[fileKind(name)];
