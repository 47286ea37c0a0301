import { eq } from "drizzle-orm";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, invalid, tooManyRequests } from "../../lib/errors";
import { audit } from "../audit/service";
import { revokeOtherSessions } from "../auth/sessions";
import { revokeResetTokens } from "../password-reset/service";
import type { PasswordChangeInput } from "./model";
import { checkPasswordStrength, LIMITS, requireFields } from "./validation";

/**
 * Changes one's own password. The current password is required; wrong ones count against the
 * account like failed sign-ins (five per quarter hour, then 429), so a session left open somewhere is
 * not a way to guess it. The browser that changes it stays signed in; every other session ends at
 * once, live connections included, and so does every reset link already mailed.
 */
export async function changePassword(ctx: AppContext, actor: User, sessionId: string, input: PasswordChangeInput): Promise<void> {
  if (actor.isImportedFromAD) throw new AppError(409, "directory_password", "This password is kept in Active Directory: change it there");
  const details = [
    ...requireFields([
      ["currentPassword", input.currentPassword, "profile.currentPasswordRequired", LIMITS.password],
      ["newPassword", input.newPassword, "registration.passwordRequired", LIMITS.password],
    ]),
    ...checkPasswordStrength("newPassword", input.newPassword),
  ];
  if (details.length) throw invalid(details);
  // Sign-in keys are "<login>|<address>": an address is never this word, so the two cannot meet.
  const limitKey = `${actor.id}|password-change`;
  if (ctx.limits.login.isBlocked(limitKey)) throw tooManyRequests("Too many wrong passwords; wait a few minutes");
  if (!(await Bun.password.verify(input.currentPassword!, actor.passwordHash))) {
    ctx.limits.login.fail(limitKey);
    throw new AppError(422, "wrong_password", "The current password is not right", [
      { path: "body.currentPassword", message: "error.wrong_password", code: "error.wrong_password" },
    ]);
  }
  ctx.limits.login.clear(limitKey);
  const passwordHash = await Bun.password.hash(input.newPassword!, { algorithm: "argon2id" });
  ctx.db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id)).run();
    revokeOtherSessions(tx, actor.id, sessionId);
    revokeResetTokens(tx, actor.id);
    audit(tx, actor.id, "UPDATE", "own password");
  });
  ctx.live.recheckUser(actor.id); // sockets of the ended sessions close now; this session's stay
}
