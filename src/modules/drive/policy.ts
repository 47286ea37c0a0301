import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, ROLES } from "../../lib/roles";
import { findUserById } from "../users/service";

/**
 * Who sets a user's drive quota: a SYSTEM_ADMIN anyone's (their own included), an ADMIN only of
 * those they outrank (USERs and MODERATORs), as with every other change to an account.
 */
export const mayManageQuota = (actor: Pick<User, "role">, target: Pick<User, "role">) =>
  hasRank(actor.role, "SYSTEM_ADMIN") || (hasRank(actor.role, "ADMIN") && ROLES.indexOf(actor.role) > ROLES.indexOf(target.role));

/** The user whose quota `actor` sets: 404 when there is none, 403 when `actor` may not (mayManageQuota). */
export function requireQuotaManager(db: Db, actor: User, userId: number): User {
  const target = findUserById(db, userId);
  if (!target) throw notFound("user");
  if (!mayManageQuota(actor, target)) throw forbidden();
  return target;
}
