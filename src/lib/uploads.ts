import Busboy from "busboy";
import { rmSync } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";
import { badRequest, tooLarge } from "./errors";
import { newStoredPath } from "./storage";

export const MAX_FILE_BYTES = 500 * 1024 * 1024;

/** One uploaded file, already on disk under a server-chosen name. */
export interface UploadedFile {
  field: string;
  /** The client's file name without any path parts. */
  fileName: string;
  storedPath: string;
  absolutePath: string;
  size: number;
  /** The first bytes, for sniffing the real type. */
  head: Uint8Array;
}

/** Strips directories (either slash) and control characters from a client-given file name. */
export function safeFileName(name: string): string {
  const base = basename(name.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base === "." || base === ".." ? "" : base).slice(0, 255) || "file";
}

/**
 * Streams a multipart body to disk file by file. Limits hold while streaming: a file over
 * `maxBytes` or more than `maxFiles` files abort the upload and remove what was written.
 */
export async function receiveFiles(
  request: Request,
  dataDir: string,
  { maxFiles = 1, maxBytes = MAX_FILE_BYTES }: { maxFiles?: number; maxBytes?: number } = {},
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data") || !request.body) throw badRequest("multipart_expected", "Send the files as multipart/form-data");
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  let failure: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    // Browsers send file names as raw UTF-8; busboy reads them as latin1 unless told. Its size limit
    // trips on reaching the value, so +1 lets a file of exactly maxBytes through.
    const parser = Busboy({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      limits: { files: maxFiles, fileSize: maxBytes + 1, fields: 50, fieldSize: 64 * 1024 },
    });
    parser.on("file", (field, stream, info) => {
      const target = newStoredPath(dataDir);
      const file: UploadedFile = { field, fileName: safeFileName(info.filename ?? ""), storedPath: target.relative, absolutePath: target.absolute, size: 0, head: new Uint8Array(0) };
      files.push(file);
      const writer = Bun.file(target.absolute).writer();
      stream.on("data", (chunk: Buffer) => {
        if (file.head.byteLength < 4096) file.head = new Uint8Array(Buffer.concat([file.head, chunk]).subarray(0, 4096));
        file.size += chunk.byteLength;
        writer.write(chunk);
      });
      stream.on("limit", () => (failure ??= tooLarge(`Files may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB`)));
      writes.push(new Promise((done) => stream.on("end", () => Promise.resolve(writer.end()).then(() => done()))));
    });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("filesLimit", () => (failure ??= tooLarge(`At most ${maxFiles} files at once`)));
    parser.on("error", (error: Error) => reject(badRequest("multipart_invalid", `The upload could not be read: ${error.message}`)));
    parser.on("close", () => resolve());
    Readable.fromWeb(request.body as never).on("error", reject).pipe(parser);
  }).catch((error) => (failure ??= error));
  await Promise.all(writes);
  if (failure) {
    discard(files);
    throw failure;
  }
  return { files, fields };
}

export function discard(files: UploadedFile[]) {
  for (const file of files) rmSync(file.absolutePath, { force: true });
}
