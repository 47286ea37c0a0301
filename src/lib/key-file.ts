import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A 32-byte secret kept in DATA_DIR/<name> (0600), made on first use. Two processes starting at once
 * both read the one that was written first.
 */
export function keyFile(dataDir: string, name: string): Buffer {
  const path = join(dataDir, name);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(path, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  chmodSync(path, 0o600);
  const key = Buffer.from(readFileSync(path, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte key`);
  return key;
}
