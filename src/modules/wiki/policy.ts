import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { forbidden } from "../../lib/errors";
import { hasRank, roleInProject, type Role } from "../../lib/roles";
import { requireProjectRole } from "../projects/policy";
import { visibleProjects } from "../projects/service";

/**
 * Who does what in a wiki space. The wiki everyone shares (no project): every signed-in user reads,
 * moderators and above write (create, edit, restore, move). A project's space: its members (and ADMIN and
 * above, who see every project) read, and whoever is a MODERATOR inside the project (spec 2: a USER with
 * the project's moderator flag) writes. Administrators delete in every space.
 */
export const WIKI_RIGHTS = { read: "USER", write: "MODERATOR", remove: "ADMIN" } as const satisfies Record<string, Role>;

/** An article's space: its project, or null for the wiki everyone shares. */
export type Space = number | null;

/**
 * Passes when `actor` may `need` in `space`; else 404 for a project they do not see (as if the article did
 * not exist) and 403 for one they see but may not write in.
 */
export function requireSpace(db: Db, actor: User, space: Space, need: "read" | "write" | "remove"): void {
  if (space === null) {
    if (!hasRank(actor.role, WIKI_RIGHTS[need])) throw forbidden();
    return;
  }
  requireProjectRole(db, actor, space, WIKI_RIGHTS[need], "article");
}

/** Whether `actor` may `need` in `space`, for the pages' buttons. */
export function maySpace(db: Db, actor: User, space: Space, need: "write" | "remove"): boolean {
  try {
    requireSpace(db, actor, space, need);
    return true;
  } catch {
    return false;
  }
}

/** The projects whose spaces `actor` reads: every one they see (their memberships; all for ADMIN and above). */
export const readableSpaces = (db: Db, actor: User): number[] => visibleProjects(db, actor).map(({ project }) => project.id);

/** The spaces `actor` may start an article in: the shared wiki if their role allows, and each project they moderate. */
export function writableSpaces(db: Db, actor: User): { id: Space; name: string }[] {
  const projects = visibleProjects(db, actor)
    .filter(({ membership }) => hasRank(roleInProject(actor.role, membership?.moderator ?? false), WIKI_RIGHTS.write))
    .map(({ project }) => ({ id: project.id as Space, name: project.name }));
  return hasRank(actor.role, WIKI_RIGHTS.write) ? [{ id: null, name: "" }, ...projects] : projects;
}
