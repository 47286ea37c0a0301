import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { updatesFolder } from "./packages";

/** One tar entry for tests: a file (type "0") with its content, or any other type flag with an empty body. */
export interface FixtureEntry {
  name: string;
  content?: string;
  type?: string;
}

function header(name: string, size: number, type: string): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, "utf8");
  block.write("0000644\0", 100, "ascii");
  block.write("0000000\0", 108, "ascii");
  block.write("0000000\0", 116, "ascii");
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  block.write("00000000000\0", 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  if (type === "2") block.write("/etc/passwd", 157, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** A .tar.gz of the entries, written by hand so that tests can make hostile ones too. */
export function tarGz(entries: FixtureEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, content = "", type = "0" } of entries) {
    const body = Buffer.from(content);
    parts.push(header(name, body.length, type), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/** The package.json of a build, as an update package carries it. */
export const buildManifest = (build: number): FixtureEntry => ({ name: "package.json", content: JSON.stringify({ name: "plexus", plexusBuild: build }) });

/** Places plexus-<build>.tar.gz and its .sha256 in DATA_DIR/updates; `checksumOf` lets a test lie about it. */
export function placePackage(dataDir: string, build: number, archive: Buffer, checksumOf: Buffer = archive) {
  const folder = updatesFolder(dataDir);
  mkdirSync(folder, { recursive: true });
  const name = `plexus-${build}.tar.gz`;
  writeFileSync(join(folder, name), archive);
  writeFileSync(join(folder, `${name}.sha256`), `${createHash("sha256").update(checksumOf).digest("hex")}  ${name}\n`);
}
