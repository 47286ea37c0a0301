import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { projects, userProjectCategories, userProjects, type Project, type User, type UserProject } from "../../../db/schema";
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
  assigned: db
    .select({ projectId: userProjects.projectId, moderator: userProjects.moderator, categoryId: userProjectCategories.categoryId })
    .from(userProjects)
    .innerJoin(userProjectCategories, eq(userProjectCategories.userProjectId, userProjects.id))
    .where(eq(userProjects.userId, sql.placeholder("userId")))
    .prepare(),
});

const prepared = (db: Db) => {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = prepare(db)));
  return found;
};

/**
 * The one gate of every project-scoped call. Members see their projects; ADMIN and above manage
 * every project. Anyone else gets 404, as if the project did not exist; a member below the
 * needed role gets 403. `hiddenAs` names the object asked for (a category, a data item) when the
 * project was reached through it, so "not yours" answers exactly as "does not exist" does.
 */
export function requireProjectRole(db: Db, actor: User, projectId: number, needed: Role = "USER", hiddenAs = "project"): ProjectAccess {
  const { project: projectById, membership: membershipOf } = prepared(db);
  const project = projectById.get({ id: projectId });
  if (!project) throw notFound(hiddenAs);
  const membership = membershipOf.get({ projectId, userId: actor.id });
  if (!membership && !hasRank(actor.role, "ADMIN")) throw notFound(hiddenAs);
  const role = roleInProject(actor.role, membership?.moderator ?? false);
  if (!hasRank(role, needed)) throw forbidden();
  return { project, membership, role };
}

/** Every member of the project, by user id (whom a comment there may mention). */
export const memberIdsOf = (db: Executor, projectId: number): number[] =>
  db.select({ userId: userProjects.userId }).from(userProjects).where(eq(userProjects.projectId, projectId)).all().map((row) => row.userId);

/** Which of `userIds` are members of the project (a task's performer and its USER fields must be). */
export function membersAmong(db: Executor, projectId: number, userIds: number[]): number[] {
  if (!userIds.length) return [];
  return db
    .select({ userId: userProjects.userId })
    .from(userProjects)
    .where(and(eq(userProjects.projectId, projectId), inArray(userProjects.userId, userIds)))
    .all()
    .map((row) => row.userId);
}

/** Project id → the categories the actor is limited to there. A project not in the map is not limited. */
export type CategoryLimits = ReadonlyMap<number, readonly number[]>;

/**
 * Where the categories an administrator gave a member narrow what they see: in each project where
 * their role is USER (a moderator flag or a higher role sees everything) and at least one category
 * is given (none given means all). The data and categories policies turn this into their rule.
 */
export function categoryLimits(db: Db, actor: User): CategoryLimits {
  const limits = new Map<number, number[]>();
  if (actor.role !== "USER") return limits; // only a USER can be one inside a project: no query for the rest
  for (const row of prepared(db).assigned.all({ userId: actor.id })) {
    if (roleInProject(actor.role, row.moderator) !== "USER") continue;
    limits.set(row.projectId, [...(limits.get(row.projectId) ?? []), row.categoryId]);
  }
  return limits;
}

/**
 * How many members were given `categoryId` and no other category: deleting it would leave them none
 * given, which means everything.
 */
export function soleHoldersOf(db: Executor, categoryId: number): number {
  const holders = db.select({ id: userProjectCategories.userProjectId }).from(userProjectCategories).where(eq(userProjectCategories.categoryId, categoryId));
  return db
    .select({ id: userProjectCategories.userProjectId })
    .from(userProjectCategories)
    .where(inArray(userProjectCategories.userProjectId, holders))
    .groupBy(userProjectCategories.userProjectId)
    .having(sql`count(*) = 1`)
    .all().length;
}
