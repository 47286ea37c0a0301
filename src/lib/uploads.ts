import Busboy from "busboy";
import { rmSync } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";
import { AppError, badRequest, tooLarge } from "./errors";
import { extensionMatches } from "./sniff";
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
function safeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const base = basename(name.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base === "." || base === ".." ? "" : base).slice(0, 255) || "file";
}

/** The checks every stored upload passes: not empty (422), and bytes that agree with the extension (415). */
export function checkUpload(file: UploadedFile): void {
  if (!file.size) throw new AppError(422, "file_empty", "The file is empty");
  if (!extensionMatches(file.fileName, file.head)) throw new AppError(415, "file_type_mismatch", "The file's content does not match its extension");
}

const unreadable = (why: string) => badRequest("multipart_invalid", `The upload could not be read: ${why}`);

/** Writes one file part to disk, resolving once the file is closed, whether the part ended or failed. */
function writePart(stream: Readable, file: UploadedFile, onFailure: (error: Error) => void, limitError: () => Error): Promise<void> {
  const writer = Bun.file(file.absolutePath).writer();
  return new Promise((done) => {
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      Promise.resolve(writer.end()).catch(() => undefined).then(() => done());
    };
    stream.on("data", (chunk: Buffer) => {
      if (file.head.byteLength < 4096) file.head = new Uint8Array(Buffer.concat([file.head, chunk]).subarray(0, 4096));
      file.size += chunk.byteLength;
      writer.write(chunk);
    });
    stream.on("limit", () => {
      onFailure(limitError());
      close();
    });
    // A body cut short makes busboy fail the part's stream: without this listener the process would exit.
    stream.on("error", (error: Error) => {
      onFailure(unreadable(error.message));
      close();
    });
    stream.on("end", close);
    stream.on("close", close);
  });
}

/**
 * Streams a multipart body to disk file by file. Limits hold while streaming: a file over
 * `maxBytes`, more than `maxFiles` files, a malformed or truncated body, or a client that goes away
 * stop reading at once, remove what was written and throw a 4xx; nothing else ever escapes.
 */
export async function receiveFiles(
  request: Request,
  dataDir: string,
  {
    maxFiles = 1,
    maxBytes = MAX_FILE_BYTES,
    tooBig = () => tooLarge(`Files may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB`),
    beforeFile,
  }: {
    maxFiles?: number;
    maxBytes?: number;
    /** The error for a file past maxBytes (a quota names itself). */
    tooBig?: () => Error;
    /** Checks the fields sent before the first file, before a byte of it is read; what it throws ends the upload. */
    beforeFile?: (fields: Record<string, string>) => void;
  } = {},
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) throw badRequest("multipart_expected", "Send the files as multipart/form-data");
  let parser: Busboy.Busboy;
  try {
    // Browsers send file names as raw UTF-8; busboy reads them as latin1 unless told. Its size limit
    // trips on reaching the value, so +1 lets a file of exactly maxBytes through.
    parser = Busboy({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      limits: { files: maxFiles, fileSize: maxBytes + 1, fields: 50, fieldSize: 64 * 1024 },
    });
  } catch (error) {
    // No boundary, or a content type busboy cannot read.
    throw unreadable(error instanceof Error ? error.message : "bad content type");
  }
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  const source = Readable.fromWeb(request.body as never);
  const parts = new Set<Readable>();
  let failure: Error | undefined;

  await new Promise<void>((resolve) => {
    const stop = (error: Error) => {
      failure ??= error;
      // Read no further: the rest of a refused body is never wanted, and an open part is closed here.
      source.unpipe(parser);
      source.destroy();
      for (const part of parts) part.destroy();
      resolve();
    };
    parser.on("file", (field, stream, info) => {
      if (failure) return stream.resume();
      if (!files.length && beforeFile) {
        try {
          beforeFile(fields);
        } catch (error) {
          stream.resume();
          return stop(error as Error);
        }
      }
      const target = newStoredPath(dataDir);
      const file: UploadedFile = { field, fileName: safeFileName(info.filename ?? ""), storedPath: target.relative, absolutePath: target.absolute, size: 0, head: new Uint8Array(0) };
      files.push(file);
      parts.add(stream);
      writes.push(writePart(stream, file, stop, tooBig).finally(() => parts.delete(stream)));
    });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("filesLimit", () => stop(tooLarge(`At most ${maxFiles} files at once`)));
    parser.on("error", (error: Error) => stop(unreadable(error.message)));
    parser.on("close", () => resolve());
    source.on("error", () => stop(badRequest("upload_aborted", "The upload was interrupted")));
    source.pipe(parser);
  });
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
