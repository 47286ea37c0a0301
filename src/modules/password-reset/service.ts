import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { passwordResetRequests, users } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { randomToken, sha256 } from "../../lib/crypto";
import { AppError, invalid, tooManyRequests } from "../../lib/errors";
import { revokeUserSessions } from "../auth/sessions";
import { recheckLiveUser } from "../presence/service";
import { findUserByEmail } from "../users/service";
import { checkEmail, checkPasswordStrength, LIMITS, normalizeEmail, requireFields } from "../users/validation";

const VALID_FOR_MS = 60 * 60 * 1000;

const invalidToken = () => new AppError(400, "invalid_token", "This link is not valid or has expired");

/**
 * Sends the RESET_PASSWORD mail when an active account uses the address. The answer is the same
 * either way, so the call does not tell who has an account.
 */
export function createResetRequest(ctx: AppContext, email: string | undefined, address: string): void {
  const details = [...requireFields([["email", email, "registration.emailRequired", LIMITS.email]]), ...checkEmail("email", email)];
  if (details.length) throw invalid(details.map((d) => ({ ...d, path: "query.email" })));
  if (ctx.limits.resetByAddress.isBlocked(address)) throw tooManyRequests("Too many reset requests; wait a few minutes");
  ctx.limits.resetByAddress.fail(address);
  const user = findUserByEmail(ctx.db, normalizeEmail(email!));
  // A directory user's password lives in the directory: a local one would never be read at sign-in.
  if (!user?.isActive || user.isImportedFromAD) return;
  const token = issueToken(ctx.db, user.id, VALID_FOR_MS);
  ctx.mailer.queue("RESET_PASSWORD", user, {
    firstName: user.firstName,
    url: `${ctx.config.publicUrl}/new-password?token=${encodeURIComponent(token)}`,
  });
}

/**
 * A token's purpose is hashed with it, so a token issued for one purpose (an administrator's sign-in
 * link) is never found by the lookup of another (a password reset), though both share the table and
 * its single use, expiry and revocation.
 */
const hashOf = (token: string, purpose?: TokenPurpose) => sha256(purpose ? `${purpose}:${token}` : token);
type TokenPurpose = "sign-in";

/** Stores a new single-use token of a user, valid for `validForMs`; answers the token itself (only its hash is kept). */
export function issueToken(db: Executor, userId: number, validForMs: number, purpose?: TokenPurpose): string {
  const token = randomToken(32);
  db.insert(passwordResetRequests).values({ userId, tokenHash: hashOf(token, purpose), expiresAt: new Date(Date.now() + validForMs) }).run();
  return token;
}

function openRequest(db: Executor, token: string | undefined, purpose?: TokenPurpose) {
  if (!token || token.length > 200) return undefined;
  return db
    .select({ request: passwordResetRequests, user: users })
    .from(passwordResetRequests)
    .innerJoin(users, eq(users.id, passwordResetRequests.userId))
    .where(
      and(
        eq(passwordResetRequests.tokenHash, hashOf(token, purpose)),
        isNull(passwordResetRequests.usedAt),
        gt(passwordResetRequests.expiresAt, new Date()),
      ),
    )
    .get();
}

/** What the new-password page shows about a still valid token: whose password it sets. */
export function resetLog(db: Db, token: string | undefined) {
  const found = openRequest(db, token);
  if (!found) throw invalidToken();
  return { user: { firstName: found.user.firstName, login: found.user.login } };
}

/** Sets the password once per token and signs the user out everywhere. */
export async function setPassword(db: Db, token: string | undefined, password: string | undefined) {
  const details = [
    ...requireFields([["password", password, "registration.passwordRequired", LIMITS.password]]),
    ...checkPasswordStrength("password", password),
  ];
  if (details.length) throw invalid(details);
  const found = openRequest(db, token);
  if (!found) throw invalidToken();
  const passwordHash = await Bun.password.hash(password!, { algorithm: "argon2id" });
  db.transaction((tx) => {
    const used = tx
      .update(passwordResetRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetRequests.id, found.request.id), isNull(passwordResetRequests.usedAt)))
      .returning()
      .get();
    if (!used) throw invalidToken();
    tx.update(users).set({ passwordHash }).where(eq(users.id, found.user.id)).run();
    revokeResetTokens(tx, found.user.id);
    revokeUserSessions(tx, found.user.id);
  });
  recheckLiveUser(db, found.user.id); // signed out everywhere: the live connections close too
}

/**
 * Uses up an open token of the purpose and answers its user, or undefined when the token is unknown,
 * used or expired. Call it inside the transaction that acts on it: the update claims the token once.
 */
export function consumeToken(tx: Executor, token: string | undefined, purpose: TokenPurpose) {
  const found = openRequest(tx, token, purpose);
  if (!found) return undefined;
  const used = tx
    .update(passwordResetRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetRequests.id, found.request.id), isNull(passwordResetRequests.usedAt)))
    .returning()
    .get();
  return used ? found.user : undefined;
}

/**
 * Ends every open reset link of a user: when one is used, and whenever the password or the e-mail
 * address changes by other means, so an older mail cannot set a password afterwards.
 */
export function revokeResetTokens(db: Executor, userId: number): void {
  db.update(passwordResetRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.usedAt)))
    .run();
}
