import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FixtureEntry } from "../../testing/tar-fixture";
import { updatesFolder } from "./packages";

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
