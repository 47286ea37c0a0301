import { createHmac } from "node:crypto";
import type { DriveFile } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { safeEqual } from "../../lib/crypto";
import { AppError, tooManyRequests } from "../../lib/errors";
import { keyFile } from "../../lib/key-file";
import { FailureLimiter } from "../auth/rate-limit";
import { SHARE_LIMITS } from "./model";

/**
 * What a share link may ask before it opens: an end date (after it the link answers 410) and a
 * password, kept as an argon2id hash like account passwords. A visitor who gives the password gets
 * an HttpOnly cookie for that link, an HMAC over the link and the hash, so a new password or a new
 * link ends it; wrong guesses are limited per visitor and per link.
 */
const UNLOCK_SECONDS = 12 * 3600;
const MINUTE = 60_000;

const shareExpired = () => new AppError(410, "share_expired", "This link has expired");
const passwordRequired = () => new AppError(403, "share_password_required", "This link asks for a password");

const keys = new Map<string, Buffer>();
const keyOf = (ctx: AppContext) => {
  let key = keys.get(ctx.config.dataDir);
  if (!key) keys.set(ctx.config.dataDir, (key = keyFile(ctx.config.dataDir, "share.key")));
  return key;
};

const cookieName = (shareToken: string) => `plexus_share_${shareToken}`;
const mac = (ctx: AppContext, file: DriveFile, issued: string) =>
  createHmac("sha256", keyOf(ctx)).update(`${file.id}.${file.shareToken}.${file.sharePasswordHash}.${issued}`).digest("base64url");

/** True when the Cookie header proves this visitor gave the link's current password within the last 12 hours. */
function unlocked(ctx: AppContext, file: DriveFile, cookies: string | null, now = Date.now()): boolean {
  const value = file.shareToken ? readCookie(cookies, cookieName(file.shareToken)) : undefined;
  const [issued, proof, extra] = value?.split(".") ?? [];
  if (!issued || !proof || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
  const age = now - parseInt(issued, 36) * 1000;
  return age >= 0 && age < UNLOCK_SECONDS * 1000 && safeEqual(proof, mac(ctx, file, issued));
}

/** How a share link stands for a visitor who is not its owner: open, past its end date, or waiting for the password. */
export function linkState(ctx: AppContext, file: DriveFile, cookies: string | null): "open" | "expired" | "locked" {
  if (file.shareExpiresAt && file.shareExpiresAt.getTime() <= Date.now()) return "expired";
  if (file.sharePasswordHash && !unlocked(ctx, file, cookies)) return "locked";
  return "open";
}

/** Throws what a closed link answers: 410 share_expired, or 403 share_password_required. */
export function assertLinkOpen(ctx: AppContext, file: DriveFile, cookies: string | null) {
  const state = linkState(ctx, file, cookies);
  if (state === "expired") throw shareExpired();
  if (state === "locked") throw passwordRequired();
}

const limiters = new WeakMap<AppContext, { perVisitor: FailureLimiter; perLink: FailureLimiter }>();
const limitsOf = (ctx: AppContext) => {
  let limits = limiters.get(ctx);
  if (!limits) {
    limits = {
      perVisitor: new FailureLimiter(SHARE_LIMITS.failuresPerVisitor, 15 * MINUTE),
      perLink: new FailureLimiter(SHARE_LIMITS.failuresPerLink, 60 * MINUTE),
    };
    limiters.set(ctx, limits);
  }
  return limits;
};

/** Guesses at one link are checked one after another, so a burst cannot pass the limit before its failures count. */
const checking = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const next = (checking.get(key) ?? Promise.resolve()).catch(() => undefined).then(run);
  checking.set(key, next);
  const forget = () => checking.get(key) === next && checking.delete(key);
  next.then(forget, forget);
  return next;
}

/**
 * POST /files/unlock-share/{token}: checks a link's password and answers the cookie that opens it.
 * Guesses at one link are checked one at a time; five wrong ones from one address block that
 * address for 15 minutes, twenty block every guess at the link for an hour (429, before any hash
 * is computed).
 */
export function unlockShare(ctx: AppContext, file: DriveFile, password: string, address: string): Promise<string> {
  if (file.shareExpiresAt && file.shareExpiresAt.getTime() <= Date.now()) throw shareExpired();
  const shareToken = file.shareToken!;
  const cookie = () => {
    const issued = Math.floor(Date.now() / 1000).toString(36);
    return serializeCookie(cookieName(shareToken), `${issued}.${mac(ctx, file, issued)}`, { httpOnly: true, secure: ctx.config.secureCookies, maxAgeSeconds: UNLOCK_SECONDS });
  };
  const hash = file.sharePasswordHash;
  if (!hash) return Promise.resolve(cookie());
  return oneAtATime(shareToken, async () => {
    const { perVisitor, perLink } = limitsOf(ctx);
    const visitorKey = `${address} ${shareToken}`;
    if (perVisitor.isBlocked(visitorKey) || perLink.isBlocked(shareToken)) throw tooManyRequests("Too many wrong passwords: try again later");
    if (!(await Bun.password.verify(password, hash))) {
      perVisitor.fail(visitorKey);
      perLink.fail(shareToken);
      throw new AppError(422, "share_password_wrong", "The password is wrong");
    }
    perVisitor.clear(visitorKey);
    return cookie();
  });
}
