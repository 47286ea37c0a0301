import type { User } from "../../db/schema";
import { hasRank, type Role } from "./roles";
import { safeNext } from "./safe-next";

/** Pages only for signed-out visitors; a signed-in user is sent to /. */
const GUEST_ONLY = ["/login", "/registration", "/reset-password", "/new-password"];
/** Pages anyone may open. */
const PUBLIC = [/^\/public-data\/[^/]+$/, /^\/shared-file\/[^/]+$/, /^\/maintenance$/, /^\/no-rights$/, /^\/404$/, /^\/sign-in-link$/];
/** Pages that need more than a signed-in USER. */
const RANKED: [RegExp, Role][] = [
  [/^\/admin\/users\/?$/, "ADMIN"],
  // The landing sends each administrator to the first tab they may see (pages/admin/index.astro).
  [/^\/admin\/?$/, "ADMIN"],
  // Object styles and point templates are an administrator's (spec 3 section 6).
  [/^\/admin\/(lps|poi-templates)\/?$/, "ADMIN"],
  [/^\/admin(\/|$)/, "SYSTEM_ADMIN"],
];

export type PageDecision = { allow: true } | { redirect: string };

/** Spec 1 section 2's access classes, decided before a page renders. */
export function pageAccess(pathname: string, search: string, user: User | null): PageDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (GUEST_ONLY.includes(path)) return user ? { redirect: "/" } : { allow: true };
  if (PUBLIC.some((re) => re.test(path))) return { allow: true };
  if (!user) {
    // Only a path of our own origin is remembered (a request for `//evil.test` is not one).
    const back = path === "/" ? null : safeNext(path + search);
    return { redirect: back ? `/login?next=${encodeURIComponent(back)}` : "/login" };
  }
  const ranked = RANKED.find(([re]) => re.test(path));
  if (ranked && !hasRank(user.role, ranked[1])) return { redirect: "/no-rights" };
  return { allow: true };
}
