import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { keyFile } from "./key-file";

/**
 * Encrypts short texts at rest with AES-256-GCM. The key is made once and kept in
 * DATA_DIR/secret.key (0600); losing it makes the encrypted rows unreadable, so backups include it.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static forDataDir(dataDir: string): SecretBox {
    return new SecretBox(keyFile(dataDir, "secret.key"));
  }

  /** "v1.<iv>.<tag>.<ciphertext>", all base64url. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
  }

  /**
   * A keyed hash (HMAC-SHA256) under a key derived from the secret key for `purpose` (HKDF), as hex
   * cut to `chars` characters: equal inputs hash equally within one install, and without the key a
   * hash tells nothing of its input.
   */
  hasher(purpose: string, chars: number): (text: string) => string {
    const key = Buffer.from(hkdfSync("sha256", this.key, "", purpose, 32));
    return (text) => createHmac("sha256", key).update(text, "utf8").digest("hex").slice(0, chars);
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  }
}
