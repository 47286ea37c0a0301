// Plain TypeScript, no drizzle: the users table takes its enum from here and islands import the rank rule.

export const ROLES = ["USER", "MODERATOR", "ADMIN", "SYSTEM_ADMIN"] as const;
export type Role = (typeof ROLES)[number];

const rank = (role: string): number => ROLES.indexOf(role as Role);

/** True when `role` is at or above `required`; an unknown role on either side never passes. */
export function hasRank(role: string | null | undefined, required: Role): boolean {
  if (!role) return false;
  const have = rank(role);
  const need = rank(required);
  return have >= 0 && need >= 0 && have >= need;
}

/** A project's moderator flag lifts a USER to MODERATOR inside that project; higher roles stay as they are. */
export function roleInProject(role: string, projectModerator: boolean): string {
  return projectModerator && role === "USER" ? "MODERATOR" : role;
}

