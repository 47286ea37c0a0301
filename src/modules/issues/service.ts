import { and, eq } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { issueCategories, issues, issueTemplates, type ChatMessage, type Issue, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalid } from "../../lib/errors";
import { audit } from "../audit/service";
import {
  addIssueChatMember, createIssueChat, deleteIssueChat, deleteIssueChats, insertIssueHistory, issueIdOfChat, publishIssueHistory, renameIssueChat,
} from "../chat/issue-chats";
import { categoryLimits, requireProjectRole, type ProjectAccess } from "../projects/policy";
import { findUserById } from "../users/service";
import { prebuiltDescription } from "./description-offload";
import { checkChanges, dueDateOf, statusOf, type IssueChanges } from "./fields";
import { creationHistory, effectiveChanges, historyOf, type HistoryEvent } from "./history";
import { withValue } from "./field-values";
import type { FieldInput, SaveIssueInput, UpdateIssueInput } from "./model";
import { isIssueModerator, mayEditIssue, requireIssue } from "./policy";
import { publishMapIssues } from "./map-live";
import { presentIssue } from "./presenter";
import { fieldsOf, findTemplate } from "./templates";

// Tasks: issue/save, update and the calls that change one field, remove, get and get-by-chat. Every
// change checks first, writes the task and its history lines in one transaction, then publishes the
// lines on the chat's topic and mails a new performer.

const categoryIdsOf = (db: Executor, issueId: number) =>
  db.select({ id: issueCategories.categoryId }).from(issueCategories).where(eq(issueCategories.issueId, issueId)).all().map((r) => r.id);

function replaceCategories(tx: Executor, issueId: number, categoryIds: number[]) {
  tx.delete(issueCategories).where(eq(issueCategories.issueId, issueId)).run();
  if (categoryIds.length) tx.insert(issueCategories).values(categoryIds.map((categoryId) => ({ issueId, categoryId }))).run();
}

/** The row's columns of a change (categories live in their own table, the description in two columns). */
function columnsOf(changes: IssueChanges): Partial<Issue> {
  const { description, categoryIds: _, ...rest } = changes;
  return { ...rest, ...(description ? { description: description.json, descriptionHtml: description.html } : {}) };
}

/** The task as the actor sees it, with what they may do with it. */
function present(db: Db, actor: User, issue: Issue, access: ProjectAccess) {
  return presentIssue(db, issue, access.project, categoryLimits(db, actor), { canEdit: mayEditIssue(access, actor, issue), canRemove: isIssueModerator(access) });
}

/** NEW_ISSUE to a performer someone else assigned, if they are active and allow mail. */
function mailPerformer(ctx: AppContext, actor: User, issue: Issue) {
  if (issue.performerId === null || issue.performerId === actor.id) return;
  const performer = findUserById(ctx.db, issue.performerId);
  if (!performer?.isActive || !performer.emailNotificationsAllowed) return;
  ctx.mailer.queue("NEW_ISSUE", performer, { firstName: performer.firstName, issueName: issue.name, url: `${ctx.config.publicUrl}/project/${issue.projectId}/issue/${issue.id}` });
}

const writeHistory = (ctx: AppContext, chatId: number | null, actor: User, events: HistoryEvent[]): ChatMessage[] =>
  chatId === null ? [] : events.map((event) => insertIssueHistory(ctx, chatId, actor.id, event));

/** issue/save without an id: any member of the project makes a task; the actor reports it. Its chat and first history lines come with it. */
async function createIssue(ctx: AppContext, actor: User, input: SaveIssueInput, locale: string) {
  const description = await prebuiltDescription(input.description, () => requireProjectRole(ctx.db, actor, input.project.id), actor.id);
  const access = requireProjectRole(ctx.db, actor, input.project.id);
  const { id: _, project, ...fields } = input;
  const changes = checkChanges(ctx.db, actor, project.id, fields, undefined, description, locale);
  const { issue, lines } = ctx.db.transaction((tx) => {
    const created = tx
      .insert(issues)
      .values({ projectId: project.id, reporterId: actor.id, status: "OPEN", ...(columnsOf(changes) as Pick<Issue, "name" | "description">) })
      .returning()
      .get();
    replaceCategories(tx, created.id, changes.categoryIds ?? []);
    const chatId = createIssueChat(tx, created, actor.id, [actor.id, ...(created.performerId === null ? [] : [created.performerId])]);
    const saved = tx.update(issues).set({ chatId }).where(eq(issues.id, created.id)).returning().get();
    audit(tx, actor.id, "CREATE", `ISSUE ${saved.id} ${saved.name}`);
    return { issue: saved, lines: writeHistory(ctx, chatId, actor, creationHistory(ctx.db, saved)) };
  });
  publishIssueHistory(ctx, lines, actor);
  publishMapIssues(ctx, issue);
  mailPerformer(ctx, actor, issue);
  return present(ctx.db, actor, issue, access);
}

/**
 * Applies checked changes to a task the actor may edit: only what differs is written, each kind of
 * change posts its history line, a new performer joins the chat and gets NEW_ISSUE. Changing the
 * categories or the performer can take the task from a member limited to categories: their live
 * subscriptions are checked again.
 */
function applyChanges(ctx: AppContext, actor: User, issue: Issue, access: ProjectAccess, changes: IssueChanges) {
  const categoryIds = categoryIdsOf(ctx.db, issue.id);
  const effective = effectiveChanges(issue, categoryIds, changes);
  if (!Object.keys(effective).length) return present(ctx.db, actor, issue, access);
  const { saved, lines } = ctx.db.transaction((tx) => {
    const columns = columnsOf(effective);
    const updated = Object.keys(columns).length ? tx.update(issues).set(columns).where(eq(issues.id, issue.id)).returning().get() : issue;
    if (effective.categoryIds) replaceCategories(tx, issue.id, effective.categoryIds);
    if (updated.chatId !== null) {
      if (effective.name !== undefined) renameIssueChat(tx, updated.chatId, effective.name);
      if (effective.performerId) addIssueChatMember(tx, updated.chatId, [effective.performerId]);
    }
    audit(tx, actor.id, "UPDATE", `ISSUE ${issue.id} ${updated.name}`);
    return { saved: updated, lines: writeHistory(ctx, updated.chatId, actor, historyOf(ctx.db, issue, effective, categoryIds)) };
  });
  publishIssueHistory(ctx, lines, actor);
  publishMapIssues(ctx, issue, saved);
  if (effective.performerId) mailPerformer(ctx, actor, saved);
  if (effective.categoryIds || effective.performerId !== undefined) ctx.live.recheckAll();
  return present(ctx.db, actor, saved, access);
}

/**
 * issue/update (and issue/save with an id): the fields given change, the others stay; a task never moves to another
 * project. Number fields given as text are read in `locale`, the caller's.
 */
export async function updateIssue(ctx: AppContext, actor: User, input: UpdateIssueInput, locale = "en") {
  const description = await prebuiltDescription(input.description, () => requireIssue(ctx.db, actor, input.id, "edit"), actor.id);
  const { issue, access } = requireIssue(ctx.db, actor, input.id, "edit"); // after the worker: the task may have changed meanwhile
  const { id: _, project, ...fields } = input;
  if (project && project.id !== issue.projectId) throw invalid([{ path: "body.project.id", message: "issue.cannotMove", code: "issue.cannotMove" }]);
  return applyChanges(ctx, actor, issue, access, checkChanges(ctx.db, actor, issue.projectId, fields, issue, description, locale));
}

export function saveIssue(ctx: AppContext, actor: User, input: SaveIssueInput, locale = "en") {
  return input.id ? updateIssue(ctx, actor, { ...input, id: input.id }, locale) : createIssue(ctx, actor, input, locale);
}

/** One field's call (update-name, change-status, ...): the same rules and history as update. */
function changeOne(ctx: AppContext, actor: User, id: number, build: (issue: Issue) => Partial<Omit<UpdateIssueInput, "id" | "project">> | IssueChanges, checked = false, locale = "en") {
  const { issue, access } = requireIssue(ctx.db, actor, id, "edit");
  const input = build(issue);
  const changes = checked ? (input as IssueChanges) : checkChanges(ctx.db, actor, issue.projectId, input as Partial<UpdateIssueInput>, issue, undefined, locale);
  return applyChanges(ctx, actor, issue, access, changes);
}

export const renameIssue = (ctx: AppContext, actor: User, id: number, value: string) => changeOne(ctx, actor, id, () => ({ name: value }));

export const changeStatus = (ctx: AppContext, actor: User, id: number, status: string) =>
  changeOne(ctx, actor, id, () => ({ status: statusOf(status, "query.status") }), true);

export const changeDueDate = (ctx: AppContext, actor: User, id: number, date: string | undefined) =>
  changeOne(ctx, actor, id, () => ({ dueDate: dueDateOf(date ?? null, "query.date") ?? null }), true);

export const assignIssue = (ctx: AppContext, actor: User, id: number, userId: number | undefined) =>
  changeOne(ctx, actor, id, () => ({ performer: userId === undefined ? null : { id: userId } }));

/**
 * update-field: one template value of the task changes (null or empty: cleared), checked as at creation
 * together with its other values; values of fields its template has since dropped are left out.
 */
export const changeField = (ctx: AppContext, actor: User, id: number, input: FieldInput, locale = "en") =>
  changeOne(ctx, actor, id, (issue) => {
    if (issue.templateId === null) throw invalid([{ path: "body.name", message: "issue.noTemplate", code: "issue.noTemplate" }]);
    const names = fieldsOf(findTemplate(ctx.db, issue.templateId)).map((field) => field.name);
    return { additionalFields: withValue(issue.additionalFields, names, input.name, input.value) };
  }, false, locale);

/** update-category-list: the ids joined by commas (empty: none). */
export function changeCategories(ctx: AppContext, actor: User, id: number, value = "") {
  const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
  if (!parts.every((p) => /^[1-9][0-9]{0,14}$/.test(p))) throw invalid([{ path: "query.value", message: "issue.unknownCategory", code: "issue.unknownCategory" }]);
  return changeOne(ctx, actor, id, () => ({ categoryList: parts.map((p) => ({ id: Number(p) })) }));
}

/** issue/remove: moderators delete a task; watchers of its chat see taskRemoved, then the chat goes with it. */
export function removeIssue(ctx: AppContext, actor: User, id: number) {
  const { issue } = requireIssue(ctx.db, actor, id, "remove");
  const lines = ctx.db.transaction((tx) => {
    const written = writeHistory(ctx, issue.chatId, actor, [{ event: "taskRemoved", task: issue.name }]);
    tx.delete(issues).where(eq(issues.id, id)).run();
    audit(tx, actor.id, "DELETE", `ISSUE ${id} ${issue.name}`);
    return written;
  });
  publishIssueHistory(ctx, lines, actor);
  publishMapIssues(ctx, issue);
  if (issue.chatId !== null) deleteIssueChat(ctx, issue.chatId);
  return { id };
}

export function getIssue(db: Db, actor: User, id: number) {
  const { issue, access } = requireIssue(db, actor, id);
  return present(db, actor, issue, access);
}

/** issue/get-by-chat: the task of an ISSUE chat, for the chat header's link. */
export const issueOfChat = (db: Db, actor: User, chatId: number) => getIssue(db, actor, issueIdOfChat(db, actor, chatId));

/**
 * A member leaves a project: the tasks they performed there lose their performer (a performer is a
 * member), each with its history line by whoever removed them.
 */
export function unassignLeavingMember(ctx: AppContext, tx: Executor, actor: User, projectId: number, userId: number) {
  const assigned = tx.select().from(issues).where(and(eq(issues.projectId, projectId), eq(issues.performerId, userId))).all();
  const lines = assigned.flatMap((issue) => {
    tx.update(issues).set({ performerId: null }).where(eq(issues.id, issue.id)).run();
    return writeHistory(ctx, issue.chatId, actor, historyOf(ctx.db, issue, { performerId: null }));
  });
  return () => publishIssueHistory(ctx, lines, actor);
}

/** A project is removed: its tasks go, and their chats, which the database does not cascade to; watchers hear once it has committed. */
export function removeProjectIssues(ctx: AppContext, tx: Executor, projectId: number) {
  const chatIds = tx.select({ chatId: issues.chatId }).from(issues).where(eq(issues.projectId, projectId)).all();
  tx.delete(issues).where(eq(issues.projectId, projectId)).run();
  // The column came by ALTER TABLE, which drizzle-kit writes without ON DELETE CASCADE.
  tx.delete(issueTemplates).where(eq(issueTemplates.projectId, projectId)).run();
  return deleteIssueChats(ctx, tx, chatIds.flatMap(({ chatId }) => (chatId === null ? [] : [chatId])));
}
