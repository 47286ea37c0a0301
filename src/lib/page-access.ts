import type { User } from "../../db/schema";
import { hasRank, type Role } from "./roles";

/** Pages only for signed-out visitors; a signed-in user is sent to /. */
const GUEST_ONLY = ["/login", "/registration", "/reset-password", "/new-password"];
/** Pages anyone may open. */
const PUBLIC = [/^\/public-data\/[^/]+$/, /^\/shared-file\/[^/]+$/, /^\/maintenance$/, /^\/no-rights$/, /^\/404$/];
/** Pages that need more than a signed-in USER. */
const RANKED: [RegExp, Role][] = [
  [/^\/admin\/users\/?$/, "ADMIN"],
  [/^\/admin(\/|$)/, "SYSTEM_ADMIN"],
];

export type PageDecision = { allow: true } | { redirect: string };

/** Spec 1 section 2's access classes, decided before a page renders. */
export function pageAccess(pathname: string, search: string, user: User | null): PageDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (GUEST_ONLY.includes(path)) return user ? { redirect: "/" } : { allow: true };
  if (PUBLIC.some((re) => re.test(path))) return { allow: true };
  if (!user) {
    const next = path === "/" ? "" : `?next=${encodeURIComponent(path + search)}`;
    return { redirect: `/login${next}` };
  }
  const ranked = RANKED.find(([re]) => re.test(path));
  if (ranked && !hasRank(user.role, ranked[1])) return { redirect: "/no-rights" };
  return { allow: true };
}
