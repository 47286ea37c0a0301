import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { projects, userProjects, type Project, type User, type UserProject } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, roleInProject, type Role } from "../../lib/roles";

export interface ProjectAccess {
  project: Project;
  membership: UserProject | undefined;
  /** The actor's role inside this project (a moderator flag lifts USER to MODERATOR). */
  role: string;
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) => ({
  project: db.select().from(projects).where(eq(projects.id, sql.placeholder("id"))).prepare(),
  membership: db
    .select()
    .from(userProjects)
    .where(and(eq(userProjects.projectId, sql.placeholder("projectId")), eq(userProjects.userId, sql.placeholder("userId"))))
    .prepare(),
});

/**
 * The one gate of every project-scoped call. Members see their projects; ADMIN and above manage
 * every project. Anyone else gets 404, as if the project did not exist; a member below the
 * needed role gets 403. `hiddenAs` names the object asked for (a category, a data item) when the
 * project was reached through it, so "not yours" answers exactly as "does not exist" does.
 */
export function requireProjectRole(db: Db, actor: User, projectId: number, needed: Role = "USER", hiddenAs = "project"): ProjectAccess {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = prepare(db)));
  const project = prepared.project.get({ id: projectId });
  if (!project) throw notFound(hiddenAs);
  const membership = prepared.membership.get({ projectId, userId: actor.id });
  if (!membership && !hasRank(actor.role, "ADMIN")) throw notFound(hiddenAs);
  const role = roleInProject(actor.role, membership?.moderator ?? false);
  if (!hasRank(role, needed)) throw forbidden();
  return { project, membership, role };
}
