import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** How many files lie under DATA_DIR/files, at any depth: what uploads have left on disk. */
export function countStoredFiles(dataDir: string): number {
  const walk = (dir: string): number => {
    try {
      return readdirSync(dir).reduce((n, name) => n + (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : 1), 0);
    } catch {
      return 0;
    }
  };
  return walk(join(dataDir, "files"));
}
