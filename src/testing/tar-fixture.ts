import { gzipSync } from "node:zlib";
import { tarHeader, tarPadding } from "../lib/tar";

/** One tar entry for tests: a file (type "0") with its content, or any other type flag with an empty body. */
export interface FixtureEntry {
  name: string;
  content?: string | Buffer;
  type?: string;
}

/** A .tar.gz of the entries, written by hand so that tests can make hostile ones too (a link points at /etc/passwd). */
export function tarGz(entries: FixtureEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, content = "", type = "0" } of entries) {
    const body = Buffer.from(content);
    parts.push(tarHeader(name, body.length, { type, mode: 0o644, linkName: type === "2" ? "/etc/passwd" : undefined }), body, tarPadding(body.length));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}
