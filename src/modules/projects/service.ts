import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { projects, userProjectCategories, userProjects, users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict, forbidden, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { hasRank, roleInProject } from "../../lib/roles";
import { audit } from "../audit/service";
import { projectCategoryIds, requireCategory } from "../categories/policy";
import { createDefaultCategory } from "../categories/service";
import { dataCountsByProject } from "../data/counts";
import { projectTasks } from "../issues/search";
import { activeAdmins, findUserById } from "../users/service";
import { PROJECT_LIMITS } from "./limits";
import { listQueries } from "./list-queries";
import { requireProjectRole } from "./policy";
import { presentMember, presentProject } from "./presenter";
import type { ProjectInput, Timeline, UserProjectInput } from "./model";
import { timelineSchema } from "./model";
import { Value } from "@sinclair/typebox/value";

/** The projects the actor sees: their memberships, and every project for ADMIN and above. */
export function visibleProjects(db: Db, actor: User) {
  const { memberships, everyProject, memberProjects } = listQueries(db);
  const byProject = new Map(memberships.all({ userId: actor.id }).map((m) => [m.projectId, m]));
  const rows = hasRank(actor.role, "ADMIN") ? everyProject.all() : byProject.size ? memberProjects.all({ userId: actor.id }) : [];
  return rows.map((project) => ({ project, membership: byProject.get(project.id) }));
}

/** The home page list: favourites first, with counts of data by type, filtered by a search text. */
export function homeProjects(db: Db, actor: User, search = "") {
  const needle = search.trim().toLowerCase();
  const visible = visibleProjects(db, actor).filter(
    ({ project }) => !needle || project.name.toLowerCase().includes(needle) || project.description.toLowerCase().includes(needle),
  );
  const counts = dataCountsByProject(db, actor, visible.map(({ project }) => project.id));
  return visible
    .map(({ project, membership }) => ({
      ...presentProject(project),
      favorite: membership?.favorite ?? false,
      member: !!membership,
      numberOfDataByType: counts.get(project.id)!,
    }))
    .sort((a, b) => Number(b.favorite) - Number(a.favorite));
}

export function getProject(db: Db, actor: User, id: number) {
  return presentProject(requireProjectRole(db, actor, id).project);
}

export function projectDetails(db: Db, actor: User, id: number) {
  const { project, role, membership } = requireProjectRole(db, actor, id);
  return {
    project: presentProject(project),
    role,
    moderator: membership?.moderator ?? false,
    favorite: membership?.favorite ?? false,
    numberOfDataByType: dataCountsByProject(db, actor, [id]).get(id)!,
    userList: projectMembers(db, actor, id).map((m) => m.user),
    // The reader's own open tasks (home) and the tasks they see by status (dashboard).
    ...projectTasks(db, actor, id),
  };
}

function validateProject(input: ProjectInput, creating: boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const name = input.name?.trim() ?? "";
  if ((creating || input.name !== undefined) && !name) details.push({ path: "body.name", message: "project.nameRequired", code: "project.nameRequired" });
  if (name.length > PROJECT_LIMITS.name) details.push({ path: "body.name", message: "validation.tooLong", code: "validation.tooLong" });
  if ((input.description ?? "").length > PROJECT_LIMITS.description) {
    details.push({ path: "body.description", message: "validation.tooLong", code: "validation.tooLong" });
  }
  if ((input.category ?? "").length > PROJECT_LIMITS.category) details.push({ path: "body.category", message: "validation.tooLong", code: "validation.tooLong" });
  return details;
}

/** Accepts the roadmap as an object or as the JSON text the spec's clients send. */
function timelineText(value: ProjectInput["timeline"]): string | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalid([{ path: "body.timeline", message: "The roadmap is not valid JSON" }]);
    }
  }
  if (!Value.Check(timelineSchema, parsed)) throw invalid([{ path: "body.timeline", message: "The roadmap has an unexpected shape" }]);
  const timeline = parsed as Timeline;
  return JSON.stringify({ description: timeline.description, steps: timeline.steps.map((s) => ({ ...s, color: s.color || "blue" })) });
}

/** ADMIN creates a project with its hidden default category; the creator becomes a member. */
export function createProject(ctx: AppContext, actor: User, input: ProjectInput) {
  if (!hasRank(actor.role, "ADMIN")) throw forbidden();
  const details = validateProject(input, true);
  if (details.length) throw invalid(details);
  const timeline = timelineText(input.timeline);
  return ctx.db.transaction((tx) => {
    const project = tx
      .insert(projects)
      .values({ name: input.name!.trim(), description: input.description?.trim() ?? "", category: input.category?.trim() ?? "", ...(timeline ? { timeline } : {}) })
      .returning()
      .get();
    createDefaultCategory(tx, project.id);
    tx.insert(userProjects).values({ userId: actor.id, projectId: project.id }).run();
    audit(tx, actor.id, "CREATE", `project ${project.name}`);
    return presentProject(project);
  });
}

export function updateProject(ctx: AppContext, actor: User, input: ProjectInput) {
  if (!input.id) throw invalid([{ path: "body.id", message: "The project id is required" }]);
  const { project } = requireProjectRole(ctx.db, actor, input.id, "ADMIN");
  const details = validateProject(input, false);
  if (details.length) throw invalid(details);
  const timeline = timelineText(input.timeline);
  return ctx.db.transaction((tx) => {
    const saved = tx
      .update(projects)
      .set({
        name: input.name?.trim() ?? project.name,
        description: input.description !== undefined ? input.description.trim() : project.description,
        category: input.category !== undefined ? input.category.trim() : project.category,
        timeline: timeline ?? project.timeline,
      })
      .where(eq(projects.id, project.id))
      .returning()
      .get();
    audit(tx, actor.id, "UPDATE", `project ${saved.name}`);
    return presentProject(saved);
  });
}

/**
 * Removes a project with all it holds, in one transaction with what other features remove with it (the
 * projectRemoved event: tasks and their chats, which the database does not cascade to); their files and live
 * messages follow once it has committed.
 */
export function removeProject(ctx: AppContext, actor: User, id: number) {
  const { project } = requireProjectRole(ctx.db, actor, id, "ADMIN");
  const afterCommit = ctx.db.transaction((tx) => {
    const then = ctx.lifecycle.emit(tx, "projectRemoved", { projectId: id, actor });
    tx.delete(projects).where(eq(projects.id, id)).run();
    audit(tx, actor.id, "DELETE_FOREVER", `project ${project.name}`);
    return then;
  });
  afterCommit(); // first, so watchers of the tasks' chats hear DELETED before their subscriptions end
  ctx.live.recheckAll(); // subscriptions to the project's chats end now
  return { id };
}

function categoryIdsOf(db: Db, userProjectIds: number[]) {
  const map = new Map<number, number[]>();
  if (!userProjectIds.length) return map;
  const rows = db.select().from(userProjectCategories).where(inArray(userProjectCategories.userProjectId, userProjectIds)).all();
  for (const row of rows) map.set(row.userProjectId, [...(map.get(row.userProjectId) ?? []), row.categoryId]);
  return map;
}

/** Members of a project with their flags and categories, for the project users dialog. */
export function projectMembers(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  const rows = db
    .select({ membership: userProjects, user: users })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .where(eq(userProjects.projectId, projectId))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .all();
  const cats = categoryIdsOf(db, rows.map((r) => r.membership.id));
  return rows.map(({ membership, user }) => ({
    id: membership.id,
    user: presentMember(user),
    project: { id: projectId },
    moderator: membership.moderator,
    favorite: membership.favorite,
    categoryList: (cats.get(membership.id) ?? []).map((id) => ({ id })),
  }));
}

/** A user's memberships: one's own, or anyone's for an administrator. */
export function membershipsOf(db: Db, actor: User, userId: number) {
  if (userId !== actor.id && !hasRank(actor.role, "ADMIN")) throw forbidden();
  const rows = db
    .select({ membership: userProjects, project: projects })
    .from(userProjects)
    .innerJoin(projects, eq(projects.id, userProjects.projectId))
    .where(eq(userProjects.userId, userId))
    .orderBy(asc(sql`lower(${projects.name})`))
    .all();
  const cats = categoryIdsOf(db, rows.map((r) => r.membership.id));
  return rows.map(({ membership, project }) => ({
    id: membership.id,
    user: { id: userId },
    project: { id: project.id, name: project.name },
    moderator: membership.moderator,
    favorite: membership.favorite,
    categoryList: (cats.get(membership.id) ?? []).map((id) => ({ id })),
  }));
}

export function membershipOf(db: Db, actor: User, userId: number, projectId: number) {
  const found = membershipsOf(db, actor, userId).find((m) => m.project.id === projectId);
  if (!found) throw notFound("user_project");
  return found;
}

/** Projects a user is not in yet, for the administrator's add dialog. */
export function unassignedProjects(db: Db, actor: User, userId: number) {
  if (!hasRank(actor.role, "ADMIN")) throw forbidden();
  const member = db.select({ id: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, userId)).all().map((r) => r.id);
  const rows = db
    .select()
    .from(projects)
    .where(member.length ? notInArray(projects.id, member) : undefined)
    .orderBy(asc(sql`lower(${projects.name})`))
    .all();
  return rows.map(presentProject);
}

/**
 * Adds a user to a project or edits the membership. The moderator flag and categories apply to
 * USERs only (higher roles have those rights anyway); default categories are never assigned.
 */
export function saveMembership(ctx: AppContext, actor: User, input: UserProjectInput) {
  requireProjectRole(ctx.db, actor, input.project.id, "ADMIN");
  const user = findUserById(ctx.db, input.user.id);
  if (!user) throw notFound("user");
  const plainUser = user.role === "USER";
  const wanted = plainUser ? [...new Set((input.categoryList ?? []).map((c) => c.id))] : [];
  if (projectCategoryIds(ctx.db, input.project.id, wanted, true).length !== wanted.length) {
    throw invalid([{ path: "body.categoryList", message: "Categories must be non-default categories of this project" }]);
  }
  const saved = ctx.db.transaction((tx) => {
    const existing = tx
      .select()
      .from(userProjects)
      .where(and(eq(userProjects.userId, user.id), eq(userProjects.projectId, input.project.id)))
      .get();
    if (input.id && existing && existing.id !== input.id) throw invalid([{ path: "body.id", message: "The membership id does not match" }]);
    const moderator = plainUser ? (input.moderator ?? existing?.moderator ?? false) : false;
    if (existing?.moderator && plainUser && !moderator) keepAModerator(tx, existing.id);
    const membership = existing
      ? tx.update(userProjects).set({ moderator }).where(eq(userProjects.id, existing.id)).returning().get()
      : tx.insert(userProjects).values({ userId: user.id, projectId: input.project.id, moderator }).returning().get();
    replaceCategories(tx, membership.id, wanted);
    audit(tx, actor.id, existing ? "UPDATE" : "CREATE", `member ${user.login} of project ${input.project.id}`);
    return { id: membership.id, user: { id: user.id }, project: { id: input.project.id }, moderator, favorite: membership.favorite, categoryList: wanted.map((id) => ({ id })), changed: !!existing };
  });
  const { changed, ...membership } = saved;
  // Without the moderator flag removed items go, with other categories other items: their comments' subscriptions end now.
  if (changed) ctx.live.recheckUser(user.id);
  return membership;
}

/**
 * A project that has a member who moderates it (an active MODERATOR or higher, or a USER with the
 * flag) keeps one: removing that last one, or taking their flag, is refused (409), so the project
 * is never left to its plain members. `losing` is the membership about to lose the right.
 */
function keepAModerator(tx: Executor, losing: number) {
  const { projectId } = tx.select({ projectId: userProjects.projectId }).from(userProjects).where(eq(userProjects.id, losing)).get()!;
  const moderating = tx
    .select({ id: userProjects.id, role: users.role, moderator: userProjects.moderator })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .where(and(eq(userProjects.projectId, projectId), eq(users.isActive, true)))
    .all()
    .filter((m) => hasRank(roleInProject(m.role, m.moderator), "MODERATOR"));
  if (moderating.length === 1 && moderating[0].id === losing) {
    throw conflict("last_project_moderator", "The project needs a moderator: make another member moderator first");
  }
}

function replaceCategories(tx: Executor, userProjectId: number, categoryIds: number[]) {
  tx.delete(userProjectCategories).where(eq(userProjectCategories.userProjectId, userProjectId)).run();
  if (categoryIds.length) tx.insert(userProjectCategories).values(categoryIds.map((categoryId) => ({ userProjectId, categoryId }))).run();
}

export function removeMembership(ctx: AppContext, actor: User, membershipId: number) {
  const membership = ctx.db.select().from(userProjects).where(eq(userProjects.id, membershipId)).get();
  if (!membership) throw notFound("user_project");
  requireProjectRole(ctx.db, actor, membership.projectId, "ADMIN", "user_project");
  const afterCommit = ctx.db.transaction((tx) => {
    keepAModerator(tx, membershipId);
    const then = ctx.lifecycle.emit(tx, "memberRemoved", { projectId: membership.projectId, userId: membership.userId, actor });
    tx.delete(userProjects).where(eq(userProjects.id, membershipId)).run();
    audit(tx, actor.id, "DELETE", `member ${membership.userId} of project ${membership.projectId}`);
    return then;
  });
  afterCommit();
  ctx.live.recheckUser(membership.userId); // their subscriptions to the project's chats end now
  return { id: membershipId };
}

/** The star on the home page; only members have one to set. */
export function setFavorite(db: Db, actor: User, projectId: number, favorite: boolean) {
  const { membership } = requireProjectRole(db, actor, projectId);
  if (!membership) throw notFound("user_project");
  db.update(userProjects).set({ favorite }).where(eq(userProjects.id, membership.id)).run();
  return { id: projectId, favorite };
}

export function favoriteProjects(db: Db, actor: User) {
  return listQueries(db).favorites.all({ userId: actor.id });
}

/** Members given a category (the people responsible for it). */
export function usersByCategory(db: Db, actor: User, categoryId: number) {
  requireCategory(db, actor, categoryId, "USER");
  return db
    .select({ user: users })
    .from(userProjectCategories)
    .innerJoin(userProjects, eq(userProjects.id, userProjectCategories.userProjectId))
    .innerJoin(users, eq(users.id, userProjects.userId))
    .where(eq(userProjectCategories.categoryId, categoryId))
    .all()
    .map((row) => presentMember(row.user));
}

/** Who administers a project: active ADMIN and SYSTEM_ADMIN accounts (they manage every project). */
export function projectAdmins(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  const byFirstName = (a: User, b: User) => (a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : 0);
  return activeAdmins(db).sort(byFirstName).map(presentMember);
}
