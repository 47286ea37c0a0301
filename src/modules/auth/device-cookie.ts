import { createHmac, randomBytes } from "node:crypto";
import { keyFile } from "../../lib/key-file";
import { safeEqual } from "../../lib/crypto";
import { serializeCookie } from "../../lib/cookies";
import { canonicalLogin } from "../users/validation";

/**
 * OWASP's device cookie: after a successful sign-in the browser keeps an HMAC-signed cookie naming
 * the login. A sign-in for that login carrying it is exempt from the per-address lock (strangers
 * spraying from the same address, or from behind the same proxy, cannot lock the user out); its own
 * failures are counted per device instead, so a stolen cookie buys five guesses per window, no more.
 */
export const DEVICE_COOKIE = "plexus_device";
const LIFETIME_SECONDS = 365 * 24 * 3600;
const VERSION = "d1";

export class DeviceCookies {
  private constructor(private readonly key: Buffer) {}

  /** The key lives in DATA_DIR/device.key (0600), made on first use; deleting it forgets every device. */
  static forDataDir(dataDir: string): DeviceCookies {
    return new DeviceCookies(keyFile(dataDir, "device.key"));
  }

  private sign(payload: string) {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }

  /** `d1.<login>.<issued>.<nonce>.<mac>`: the login base64url-encoded, the issue time in seconds (base 36). */
  issue(login: string, now = Date.now()): string {
    const payload = [
      VERSION,
      Buffer.from(canonicalLogin(login)).toString("base64url"),
      Math.floor(now / 1000).toString(36),
      randomBytes(12).toString("base64url"),
    ].join(".");
    return `${payload}.${this.sign(payload)}`;
  }

  /** The cookie's nonce when it is genuine, unexpired and names this login; otherwise null. */
  verify(value: string | undefined, login: string, now = Date.now()): string | null {
    if (!value || value.length > 600) return null;
    const parts = value.split(".");
    if (parts.length !== 5 || parts[0] !== VERSION) return null;
    const [, encodedLogin, issued, nonce, mac] = parts;
    if (!safeEqual(mac, this.sign(parts.slice(0, 4).join(".")))) return null;
    const issuedAt = parseInt(issued, 36) * 1000;
    if (!(issuedAt <= now && now - issuedAt < LIFETIME_SECONDS * 1000)) return null;
    if (Buffer.from(encodedLogin, "base64url").toString() !== canonicalLogin(login)) return null;
    return nonce;
  }

  cookie(value: string, secure: boolean): string {
    return serializeCookie(DEVICE_COOKIE, value, { httpOnly: true, secure, maxAgeSeconds: LIFETIME_SECONDS });
  }
}

const byConfig = new WeakMap<{ dataDir: string }, DeviceCookies>();

/** One signer per app (the key file is read once). */
export function deviceCookies(config: { dataDir: string }): DeviceCookies {
  let found = byConfig.get(config);
  if (!found) byConfig.set(config, (found = DeviceCookies.forDataDir(config.dataDir)));
  return found;
}
