import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors";
import { audit } from "../audit/service";
import { createSession } from "../auth/sessions";
import { consumeToken, issueToken } from "../password-reset/service";
import type { User } from "../../../db/schema";
import { outranks } from "./role-change";
import { findUserById } from "./service";

/** How long an administrator's sign-in link stays usable: long enough to pass it on by phone or chat. */
export const SIGN_IN_LINK_MS = 15 * 60 * 1000;

/**
 * users/generate-token: a single-use, short-lived link that signs an active user in, for an administrator
 * who outranks them (how one helps a user when mail is off). The link opens a page that asks before it
 * signs in, so a chat's link preview cannot use it up.
 */
export function generateSignInLink(ctx: AppContext, actor: User, userId: number): { url: string } {
  const target = findUserById(ctx.db, userId);
  if (!target) throw notFound("user");
  if (target.id === actor.id || !outranks(actor, target)) throw forbidden();
  if (!target.isActive) throw conflict("sign_in_link_inactive", "Activate the account before making a sign-in link");
  const token = ctx.db.transaction((tx) => {
    audit(tx, actor.id, "UPDATE", `sign-in link for ${target.login}`);
    return issueToken(tx, target.id, SIGN_IN_LINK_MS, "sign-in");
  });
  return { url: `${ctx.config.publicUrl}/sign-in-link?token=${encodeURIComponent(token)}` };
}

/** Uses a sign-in link once: a new session of its user, who must still be active. */
export function signInWithLink(ctx: AppContext, token: string) {
  return ctx.db.transaction((tx) => {
    const user = consumeToken(tx, token, "sign-in");
    if (!user?.isActive) throw new AppError(400, "invalid_token", "This link is not valid or has expired");
    const now = new Date();
    tx.update(users).set({ lastLoginDate: now }).where(eq(users.id, user.id)).run();
    audit(tx, user.id, "LOGIN", "sign-in link");
    return { user: { ...user, lastLoginDate: now }, ...createSession(tx, user.id) };
  });
}
