import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { users, type User } from "../../../db/schema";
import { conflict, forbidden } from "../../lib/errors";
import { hasRank, ROLES, type Role } from "../../lib/roles";

/** Strictly higher rank: nobody manages an equal or a superior. */
export const outranks = (actor: User, target: User) => ROLES.indexOf(actor.role) > ROLES.indexOf(target.role);

/**
 * Who may give whom which role: an ADMIN gives USER or MODERATOR to someone below them; a SYSTEM_ADMIN
 * gives any role to someone below them, and may step down themselves while another active SYSTEM_ADMIN
 * remains, so the install never loses its last one. Nobody changes an equal's or a superior's role.
 */
export function checkRoleChange(db: Executor, actor: User, target: User, role: Role): void {
  const mayGive = actor.role === "SYSTEM_ADMIN" || (hasRank(actor.role, "ADMIN") && !hasRank(role, "ADMIN"));
  if (!mayGive) throw forbidden();
  if (target.id !== actor.id) {
    if (!outranks(actor, target)) throw forbidden();
    return;
  }
  if (actor.role !== "SYSTEM_ADMIN") throw forbidden();
  if (isLastSystemAdmin(db, actor)) throw conflict("last_system_admin", "The last system administrator cannot give up the role");
}

/**
 * Whether `user` is the install's last active SYSTEM_ADMIN: then nothing may take the role or the account
 * away from them (a role change here, a directory sync in directory/sync.ts), or nobody could administer Plexus.
 */
export function isLastSystemAdmin(db: Executor, user: User): boolean {
  if (user.role !== "SYSTEM_ADMIN" || !user.isActive) return false;
  const another = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "SYSTEM_ADMIN"), eq(users.isActive, true), ne(users.id, user.id)))
    .get();
  return !another;
}
