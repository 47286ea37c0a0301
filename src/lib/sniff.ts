/** What the bytes of a file say it is, for the types whose extension we trust only when they agree. */
type SniffedKind = "pdf" | "zip" | "png" | "jpeg" | "gif" | "bmp" | "unknown";

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);

function sniff(head: Uint8Array): SniffedKind {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "zip"; // docx, xlsx and other OOXML
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(head, [0x42, 0x4d])) return "bmp";
  return "unknown";
}

const PICTURE_MIME: Partial<Record<SniffedKind, string>> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", bmp: "image/bmp" };

/** The picture type the bytes hold (png, jpeg, gif, bmp), whatever the name or the sender claims; null for anything else. */
export const pictureMime = (head: Uint8Array): string | null => PICTURE_MIME[sniff(head)] ?? null;

/** The kind an extension promises; anything else is not checked (it is stored and served as a download). */
const PROMISES: Record<string, SniffedKind> = {
  pdf: "pdf",
  docx: "zip",
  xlsx: "zip",
  pptx: "zip",
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  gif: "gif",
  bmp: "bmp",
};

export const extensionOf = (fileName: string) => fileName.toLowerCase().match(/\.([a-z0-9]{1,10})$/)?.[1] ?? "";

/** True when the file is what its extension says, or its extension promises nothing we check. */
export function extensionMatches(fileName: string, head: Uint8Array): boolean {
  const promised = PROMISES[extensionOf(fileName)];
  return !promised || sniff(head) === promised;
}

export const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  bmp: "image/bmp",
  txt: "text/plain",
  csv: "text/csv",
};
