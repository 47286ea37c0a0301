import { eq } from "drizzle-orm";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, tooManyRequests } from "../../lib/errors";
import { audit } from "../audit/service";
import { findUserByLogin } from "../users/service";
import { createSession, revokeSession } from "./sessions";

// Hashing a dummy when the login is unknown keeps the answer time the same for known and unknown logins.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= Bun.password.hash("not-a-real-password", { algorithm: "argon2id" }));

/** Checks the password, throttles repeated failures per login and per address, and starts a session. */
export async function login(ctx: AppContext, input: { username: string; password: string }, address: string) {
  const loginKey = `${input.username.trim().toLowerCase()}|${address}`;
  if (ctx.limits.login.isBlocked(loginKey) || ctx.limits.loginByAddress.isBlocked(address)) {
    throw tooManyRequests("Too many failed sign-in attempts; wait a few minutes");
  }
  const user = findUserByLogin(ctx.db, input.username.trim());
  const ok = await Bun.password.verify(input.password, user?.passwordHash ?? (await dummy()));
  if (!user || !ok) {
    ctx.limits.login.fail(loginKey);
    ctx.limits.loginByAddress.fail(address);
    throw new AppError(401, "invalid_credentials", "Please check your login and password");
  }
  if (!user.isActive) throw new AppError(403, "user_inactive", "This account is not active yet");
  ctx.limits.login.clear(loginKey);
  const session = ctx.db.transaction((tx) => {
    tx.update(users).set({ lastLoginDate: new Date() }).where(eq(users.id, user.id)).run();
    audit(tx, user.id, "LOGIN");
    return createSession(tx, user.id);
  });
  return { user: { ...user, lastLoginDate: new Date() }, ...session };
}

export function logout(ctx: AppContext, actor: User, sessionId: string) {
  ctx.db.transaction((tx) => {
    revokeSession(tx, sessionId);
    tx.update(users).set({ lastLogoutDate: new Date() }).where(eq(users.id, actor.id)).run();
    audit(tx, actor.id, "LOGOUT");
  });
}
