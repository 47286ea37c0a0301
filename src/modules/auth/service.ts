import { eq } from "drizzle-orm";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, tooManyRequests } from "../../lib/errors";
import { audit } from "../audit/service";
import { directorySignIn } from "../directory/sign-in";
import { findUserByLogin } from "../users/service";
import { canonicalLogin } from "../users/validation";
import { deviceCookies } from "./device-cookie";
import { createSession, revokeSession } from "./sessions";

// Hashing a dummy when the login is unknown keeps the answer time the same for known and unknown logins.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= Bun.password.hash("not-a-real-password", { algorithm: "argon2id" }));

/** Who is signing in from where: the client's address and the device cookie the browser sent, if any. */
export interface SignInClient {
  address: string;
  deviceCookie?: string;
}

/**
 * Checks the password and starts a session. Failures are throttled per login and address, and per
 * address; a browser whose device cookie names this login is exempt from the per-address lock and is
 * throttled per login and device instead (device-cookie.ts). A success hands out a fresh device cookie.
 */
export async function login(ctx: AppContext, input: { username: string; password: string }, client: SignInClient) {
  const canonical = canonicalLogin(input.username);
  const devices = deviceCookies(ctx.config);
  const device = devices.verify(client.deviceCookie, canonical);
  const loginKey = device ? `${canonical}|device:${device}` : `${canonical}|${client.address}`;
  if (ctx.limits.login.isBlocked(loginKey) || (!device && ctx.limits.loginByAddress.isBlocked(client.address))) {
    throw tooManyRequests("Too many failed sign-in attempts; wait a few minutes");
  }
  const user = findUserByLogin(ctx.db, input.username);
  // An imported user's password is the directory's: checked by binding as them, never against a local hash.
  const directory = user?.isImportedFromAD ? await directorySignIn(ctx.db, user, input.password) : null;
  const ok = directory ? directory.matches : await Bun.password.verify(input.password, user?.passwordHash ?? (await dummy()));
  if (!user || !ok) {
    ctx.limits.login.fail(loginKey);
    if (!device) ctx.limits.loginByAddress.fail(client.address);
    throw new AppError(401, "invalid_credentials", "Please check your login and password");
  }
  // Only with the right password: then the person may learn why they cannot come in.
  if (!user.isActive) {
    throw user.activatedAt
      ? new AppError(403, "user_deactivated", "This account has been deactivated")
      : new AppError(403, "user_inactive", "This account is not active yet");
  }
  ctx.limits.login.clear(loginKey);
  const session = ctx.db.transaction((tx) => {
    tx.update(users).set({ lastLoginDate: new Date() }).where(eq(users.id, user.id)).run();
    audit(tx, user.id, "LOGIN", directory ? `directory (${directory.transport})` : "");
    return createSession(tx, user.id);
  });
  return { user: { ...user, lastLoginDate: new Date() }, ...session, deviceCookie: devices.issue(user.login) };
}

export function logout(ctx: AppContext, actor: User, sessionId: string) {
  ctx.db.transaction((tx) => {
    revokeSession(tx, sessionId);
    tx.update(users).set({ lastLogoutDate: new Date() }).where(eq(users.id, actor.id)).run();
    audit(tx, actor.id, "LOGOUT");
  });
  ctx.live.recheckUser(actor.id); // the sockets of this session close; the user's other sessions keep theirs
}
