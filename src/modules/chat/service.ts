import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { chatMembers, chatMessages, chats, driveFiles, users, type Chat, type ChatMember, type MessageKey, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, conflict, forbidden, invalid, notFound } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { requireDataItem } from "../data/service";
import { presentChat, presentMessage, type ChatRow, type PresentedMessage } from "./presenter";
import { CHAT_NAME_MAX, type NewChatInput } from "./model";

export const topicOf = (chatId: number) => `/ws-broker/topic/${chatId}`;
const fullName = (u: Pick<User, "firstName" | "lastName">) => `${u.firstName} ${u.lastName}`;

/**
 * Whether `actor` may enter `chat` now, given their member row (if any). Asked at every read,
 * every SUBSCRIBE and SEND, and again for live subscriptions when rights change: a row alone
 * proves nothing for chats that belong to something else.
 * - PUBLIC: everyone. PRIVATE and DIRECT: their members.
 * - DATA: whoever may see the data item now (its project's members and administrators; plain
 *   users not once the item is removed), whatever rows exist from earlier.
 * - ISSUE: tasks do not exist yet, so nobody joins; only members already there stay. HOOK: when
 *   tasks come, check access to the task here as DATA checks its item (requireTask(db, actor, chat.issueId)).
 */
export function mayEnter(db: Db, actor: User, chat: Chat, member: ChatMember | undefined): boolean {
  switch (chat.type) {
    case "PUBLIC":
      return true;
    case "PRIVATE":
    case "DIRECT":
      return !!member;
    case "DATA":
      if (!chat.dataId) return false;
      try {
        requireDataItem(db, actor, chat.dataId);
        return true;
      } catch {
        return false;
      }
    case "ISSUE":
      return !!member;
    default:
      return false;
  }
}

// Every message and subscription goes through these, so they are prepared once per database:
// drizzle otherwise rebuilds and re-prepares the SQL on each call (bench/chat-load.ts: 5-7x per SEND).
const statements = new WeakMap<Db, ReturnType<typeof prepareHot>>();
function prepareHot(db: Db) {
  const P = sql.placeholder;
  return {
    chatById: db.select().from(chats).where(eq(chats.id, P("chatId"))).prepare(),
    memberOf: db.select().from(chatMembers).where(and(eq(chatMembers.chatId, P("chatId")), eq(chatMembers.userId, P("userId")))).prepare(),
    insertMsg: db.insert(chatMessages).values({ chatId: P("chatId"), authorId: P("authorId"), messageKey: P("messageKey") as never, body: P("body"), encrypted: true, fileId: P("fileId"), clientId: P("clientId") }).returning().prepare(),
    touchChat: db.update(chats).set({ lastMessageId: sql`${P("id")}`, lastMessageTime: sql`${P("at")}` }).where(eq(chats.id, P("chatId"))).prepare(),
    readOwn: db.update(chatMembers).set({ lastReadMessageId: sql`${P("id")}` }).where(and(eq(chatMembers.chatId, P("chatId")), eq(chatMembers.userId, P("userId")))).prepare(),
    earlier: db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.authorId, P("authorId")), eq(chatMessages.clientId, P("clientId")))).prepare(),
  };
}
export const chatStatements = (db: Db) => {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepareHot(db)));
  return s;
};

/**
 * The gate of every chat call: whoever may enter the chat now (mayEnter). Open chats (PUBLIC, and
 * DATA chats of visible items) make the caller a member on first use; anyone else gets 404, as if
 * the chat did not exist, also when an earlier member row remains.
 */
export function requireMember(db: Db, actor: User, chatId: number): { chat: Chat; member: ChatMember } {
  const chat = chatStatements(db).chatById.get({ chatId }) as Chat | undefined;
  if (!chat) throw notFound("chat");
  let member = chatStatements(db).memberOf.get({ chatId, userId: actor.id }) as ChatMember | undefined;
  if (!mayEnter(db, actor, chat, member)) throw notFound("chat");
  member ??= db.insert(chatMembers).values({ chatId, userId: actor.id, lastReadMessageId: chat.lastMessageId ?? 0 }).returning().get();
  return { chat, member };
}

/** Whether the user may enter the chat now (no row is made). */
export function canEnterChat(db: Db, user: User, chatId: number): boolean {
  const chat = chatStatements(db).chatById.get({ chatId }) as Chat | undefined;
  if (!chat) return false;
  return mayEnter(db, user, chat, chatStatements(db).memberOf.get({ chatId, userId: user.id }) as ChatMember | undefined);
}

/**
 * Whether `actor` may read drive file `fileId` because a message in a chat they may enter carries
 * it. A deleted message no longer carries its file (removeMessage clears the reference).
 */
export function mayReadChatFile(db: Db, actor: User, fileId: number): boolean {
  const rows = db
    .selectDistinct({ chat: chats, member: chatMembers })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, actor.id)))
    .where(and(eq(chatMessages.fileId, fileId), ne(chatMessages.messageKey, "DELETED")))
    .all();
  return rows.some((row) => mayEnter(db, actor, row.chat, row.member ?? undefined));
}

export const isMember = (db: Db, userId: number, chatId: number) =>
  !!db.select({ id: chatMembers.chatId }).from(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId))).get();

function checkName(db: Db, raw: string | undefined, exceptId?: number): string {
  const name = raw?.trim() ?? "";
  if (!name) throw invalid([{ path: "body.name", message: "chat.nameRequired", code: "chat.nameRequired" }]);
  if (name.length > CHAT_NAME_MAX) throw invalid([{ path: "body.name", message: "validation.tooLong", code: "validation.tooLong" }]);
  const taken = db
    .select({ id: chats.id })
    .from(chats)
    .where(and(sql`lower(${chats.name}) = lower(${name})`, inArray(chats.type, ["PUBLIC", "PRIVATE"])))
    .get();
  if (taken && taken.id !== exceptId) throw conflict("chat_name_taken", "A chat with this name already exists");
  return name;
}

function activeUsers(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = db.select().from(users).where(and(inArray(users.id, unique), eq(users.isActive, true))).all();
  if (found.length !== unique.length) throw invalid([{ path: "body.members", message: "Some of these users do not exist" }]);
  return found;
}

/**
 * Writes a message and moves the chat's latest record to it. The prepared statements run on the
 * one connection, so inside the caller's transaction.
 */
export function insertMessage(
  ctx: AppContext,
  chat: Chat,
  authorId: number | null,
  messageKey: MessageKey,
  text: string,
  extra: { fileId?: number; clientId?: string } = {},
) {
  const h = chatStatements(ctx.db);
  const message = h.insertMsg.get({ chatId: chat.id, authorId, messageKey, body: ctx.box.seal(text), fileId: extra.fileId ?? null, clientId: extra.clientId ?? null }) as typeof chatMessages.$inferSelect;
  h.touchChat.run({ id: message.id, at: message.createdAt.getTime(), chatId: chat.id });
  if (authorId) h.readOwn.run({ id: message.id, chatId: chat.id, userId: authorId });
  return message;
}

export function publishMessage(ctx: AppContext, message: typeof chatMessages.$inferSelect, author: User | undefined) {
  const file = message.fileId ? ctx.db.select().from(driveFiles).where(eq(driveFiles.id, message.fileId)).get() : null;
  const presented = presentMessage(ctx.box, message, author, file);
  ctx.live.publish(topicOf(message.chatId), { type: "MESSAGE", message: presented });
  return presented;
}

/** PUBLIC (administrators) or PRIVATE chats; the creator owns it and is a member with those invited. */
export function createChat(ctx: AppContext, actor: User, input: NewChatInput): number {
  if (input.type === "PUBLIC" && !hasRank(actor.role, "ADMIN")) throw forbidden();
  const name = checkName(ctx.db, input.name);
  const invited = activeUsers(ctx.db, (input.members ?? []).map((m) => m.id).filter((id) => id !== actor.id));
  const chat = ctx.db.transaction((tx) => {
    const created = tx.insert(chats).values({ name, description: input.description?.trim() ?? "", type: input.type, ownerId: actor.id }).returning().get();
    tx.insert(chatMembers).values([actor, ...invited].map((u) => ({ chatId: created.id, userId: u.id }))).run();
    if (invited.length) insertMessage(ctx, created, actor.id, "INVITED_BY", JSON.stringify(invited.map((u) => ({ id: u.id, fullName: fullName(u) }))));
    return created;
  });
  for (const user of invited) ctx.live.publishToUser(user.id, { type: "INVITED", chatId: chat.id });
  // The creator's other tabs learn of it too.
  ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId: chat.id });
  return chat.id;
}

/** The DIRECT chat between the actor and another user, made on first use; nobody writes to themselves. */
export function directChat(ctx: AppContext, actor: User, userId: number): number {
  if (userId === actor.id) throw new AppError(422, "chat_with_self", "You cannot write to yourself");
  const [other] = activeUsers(ctx.db, [userId]);
  const key = `direct:${Math.min(actor.id, other.id)}:${Math.max(actor.id, other.id)}`;
  const existing = ctx.db.select().from(chats).where(and(eq(chats.type, "DIRECT"), eq(chats.name, key))).get();
  if (existing) return existing.id;
  const chat = ctx.db.transaction((tx) => {
    const created = tx.insert(chats).values({ name: key, type: "DIRECT", ownerId: actor.id }).returning().get();
    tx.insert(chatMembers).values([{ chatId: created.id, userId: actor.id }, { chatId: created.id, userId: other.id }]).run();
    return created;
  });
  ctx.live.publishToUser(other.id, { type: "INVITED", chatId: chat.id });
  ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId: chat.id });
  return chat.id;
}

/** The actor's chats with unread counts and latest records, newest activity first; onlyChatId narrows it to one. */
export function listChats(ctx: AppContext, actor: User, archived?: boolean, onlyChatId?: number) {
  const { db } = ctx;
  // PUBLIC chats are everybody's: join the ones the actor is not in yet.
  db.run(sql`insert or ignore into chat_members (chat_id, user_id, last_read_message_id)
             select id, ${actor.id}, coalesce(last_message_id, 0) from chats where type = 'PUBLIC'`);
  const rows = db
    .select({
      chat: chats,
      subscribed: chatMembers.subscribed,
      archived: chatMembers.archived,
      unread: sql<number>`(select count(*) from chat_messages x where x.chat_id = ${chats.id} and x.id > ${chatMembers.lastReadMessageId}
                 and (x.author_id is null or x.author_id <> ${actor.id}) and x.message_key <> 'DELETED')`,
      memberCount: sql<number>`(select count(*) from chat_members y where y.chat_id = ${chats.id})`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, actor.id),
        archived === undefined ? undefined : eq(chatMembers.archived, archived),
        onlyChatId === undefined ? undefined : eq(chatMembers.chatId, onlyChatId),
      ),
    )
    .orderBy(sql`coalesce(${chats.lastMessageTime}, ${chats.createdAt}) desc`)
    .all() as ChatRow[];
  // A member row outlives access to a DATA chat's item (removal from its project): such chats are not listed.
  const enterable = rows.filter((row) => row.chat.type !== "DATA" || mayEnter(db, actor, row.chat, undefined));
  return presentRows(ctx, actor, enterable);
}

function presentRows(ctx: AppContext, actor: User, rows: ChatRow[]) {
  const { db } = ctx;
  const direct = rows.filter((r) => r.chat.type === "DIRECT").map((r) => r.chat.id);
  const companions = new Map<number, User>();
  if (direct.length) {
    for (const row of db
      .select({ chatId: chatMembers.chatId, user: users })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(inArray(chatMembers.chatId, direct), ne(chatMembers.userId, actor.id)))
      .all()) {
      companions.set(row.chatId, row.user);
    }
  }
  const lastIds = rows.map((r) => r.chat.lastMessageId).filter((id): id is number => !!id);
  const tops = new Map<number, PresentedMessage>();
  if (lastIds.length) {
    for (const row of db
      .select({ message: chatMessages, author: users })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.authorId))
      .where(inArray(chatMessages.id, lastIds))
      .all()) {
      tops.set(row.message.chatId, presentMessage(ctx.box, row.message, row.author ?? undefined));
    }
  }
  return rows.map((row) => presentChat(row, companions.get(row.chat.id), tops.get(row.chat.id) ?? null));
}

export function getChat(ctx: AppContext, actor: User, chatId: number) {
  requireMember(ctx.db, actor, chatId);
  return listChats(ctx, actor, undefined, chatId)[0];
}

/** Active users matching a name or login, for new chats and invitations (never the actor). */
export function searchUsers(db: Db, actor: User, str = "", excludeChat?: number) {
  const needle = str.trim().toLowerCase();
  const excluded = new Set([actor.id]);
  if (excludeChat) for (const m of db.select().from(chatMembers).where(eq(chatMembers.chatId, excludeChat)).all()) excluded.add(m.userId);
  return db
    .select()
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .all()
    .filter((u) => !excluded.has(u.id) && (!needle || `${u.firstName} ${u.lastName} ${u.login}`.toLowerCase().includes(needle)))
    .slice(0, 20)
    .map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, login: u.login, company: u.company, position: u.position, avatar: u.avatar }));
}

export function usersNotMembers(db: Db, actor: User, chatId: number, str?: string) {
  requireMember(db, actor, chatId);
  return searchUsers(db, actor, str, chatId);
}

/** The chat's members; for a DATA chat only those who may still see its item. */
export function chatMembersOf(db: Db, actor: User, chatId: number) {
  const { chat } = requireMember(db, actor, chatId);
  return db
    .select({ user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.chatId, chatId))
    .orderBy(asc(users.firstName))
    .all()
    .filter(({ user }) => chat.type !== "DATA" || mayEnter(db, user, chat, undefined))
    .map(({ user: u }) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, company: u.company, position: u.position, lastLogoutDate: u.lastLogoutDate }));
}

const ownedNamedChat = (db: Db, actor: User, chatId: number) => {
  const { chat } = requireMember(db, actor, chatId);
  if (chat.ownerId !== actor.id || (chat.type !== "PUBLIC" && chat.type !== "PRIVATE")) throw forbidden();
  return chat;
};

/** The owner renames a PUBLIC or PRIVATE chat; everyone sees a RENAMED record with [old, new]. */
export function renameChat(ctx: AppContext, actor: User, chatId: number, rawName: string) {
  const chat = ownedNamedChat(ctx.db, actor, chatId);
  const name = checkName(ctx.db, rawName, chat.id);
  if (name === chat.name) throw invalid([{ path: "query.name", message: "chat.nameUnchanged", code: "chat.nameUnchanged" }]);
  const message = ctx.db.transaction((tx) => {
    tx.update(chats).set({ name }).where(eq(chats.id, chat.id)).run();
    return insertMessage(ctx, chat, actor.id, "RENAMED", JSON.stringify([chat.name, name]));
  });
  publishMessage(ctx, message, actor);
  return { id: chat.id, name };
}

/** Members add people to PUBLIC and PRIVATE chats; the invited get INVITED on their system channel. */
export function inviteMembers(ctx: AppContext, actor: User, chatId: number, userIds: number[]) {
  const { chat } = requireMember(ctx.db, actor, chatId);
  if (chat.type !== "PUBLIC" && chat.type !== "PRIVATE") throw forbidden();
  const existing = new Set(ctx.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)).all().map((m) => m.userId));
  const invited = activeUsers(ctx.db, userIds).filter((u) => !existing.has(u.id));
  if (!invited.length) return { invited: [] };
  const message = ctx.db.transaction((tx) => {
    tx.insert(chatMembers).values(invited.map((u) => ({ chatId, userId: u.id, lastReadMessageId: chat.lastMessageId ?? 0 }))).run();
    return insertMessage(ctx, chat, actor.id, "INVITED_BY", JSON.stringify(invited.map((u) => ({ id: u.id, fullName: fullName(u) }))));
  });
  publishMessage(ctx, message, actor);
  for (const user of invited) ctx.live.publishToUser(user.id, { type: "INVITED", chatId });
  return { invited: invited.map((u) => u.id) };
}

/**
 * Removes a member from a PRIVATE chat: the owner removes others (REMOVED_BY), anyone may leave
 * (LEFT). The removed user gets DETACHED and loses the chat's topic at once.
 */
export function detachMember(ctx: AppContext, actor: User, chatId: number, memberId: number) {
  const { chat } = requireMember(ctx.db, actor, chatId);
  if (chat.type !== "PRIVATE") throw forbidden();
  const leaving = memberId === actor.id;
  if (!leaving && chat.ownerId !== actor.id) throw forbidden();
  const target = ctx.db.select().from(users).where(eq(users.id, memberId)).get();
  if (!target || !isMember(ctx.db, memberId, chatId)) throw notFound("member");
  const message = ctx.db.transaction((tx) => {
    tx.delete(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, memberId))).run();
    return leaving
      ? insertMessage(ctx, chat, actor.id, "LEFT", "")
      : insertMessage(ctx, chat, actor.id, "REMOVED_BY", JSON.stringify([{ id: target.id, fullName: fullName(target) }]));
  });
  ctx.live.unsubscribeUser(memberId, topicOf(chatId));
  publishMessage(ctx, message, actor);
  ctx.live.publishToUser(memberId, { type: "DETACHED", chatId });
  return { id: chatId, member: memberId };
}

export function setSubscribed(ctx: AppContext, actor: User, chatId: number, subscribed: boolean) {
  const { chat } = requireMember(ctx.db, actor, chatId);
  if (chat.type === "DIRECT") throw forbidden();
  ctx.db.update(chatMembers).set({ subscribed }).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id))).run();
  if (subscribed) ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId });
  return { id: chatId, subscribed };
}

/** Any member archives or unarchives a chat for themselves; answers the new flag. */
export function toggleArchived(ctx: AppContext, actor: User, chatId: number): boolean {
  const { member } = requireMember(ctx.db, actor, chatId);
  const archived = !member.archived;
  ctx.db.update(chatMembers).set({ archived }).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id))).run();
  return archived;
}

/** The owner deletes a chat; every member gets DELETED. */
export function deleteChat(ctx: AppContext, actor: User, chatId: number) {
  const { chat } = requireMember(ctx.db, actor, chatId);
  if (chat.ownerId !== actor.id || chat.type === "DATA" || chat.type === "ISSUE") throw forbidden();
  const members = ctx.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)).all();
  ctx.db.delete(chats).where(eq(chats.id, chatId)).run();
  for (const m of members) {
    ctx.live.unsubscribeUser(m.userId, topicOf(chatId));
    ctx.live.publishToUser(m.userId, { type: "DELETED", chatId });
  }
  return { id: chatId };
}

