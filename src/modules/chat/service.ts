import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chatMessages, chats, users, type Chat, type MessageKey, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, conflict, forbidden, invalid, notFound } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { audit } from "../audit/service";
import { filesById } from "../drive/service";
import { activeUsersByName, findActiveUsers, findUserById } from "../users/service";
import { BROADCAST_CHANNEL } from "../../realtime/broker";
import { topicOf } from "./destinations";
import { CHAT_NAME_MAX } from "./limits";
import { joinChat, joinPublicChat } from "./membership";
import type { NewChatInput } from "./model";
import { directKey, fullName } from "./naming";
import { enterChat, mayEnter, requireOwnedChat } from "./policy";
import { presentChat, presentMember, presentMessage, presentUserChoice, type ChatRow, type PresentedMessage } from "./presenter";
import { chatStatements, unreadCount } from "./statements";

const isMember = (db: Db, userId: number, chatId: number) => !!chatStatements(db).memberOf.get({ chatId, userId });

/** How the activity log names a chat (a DIRECT chat's name is only its pair's key); the messages are never logged. */
const chatLabel = (chat: Chat) => (chat.type === "DIRECT" ? `DIRECT chat ${chat.id}` : `${chat.type} chat ${chat.id} ${chat.name}`);
const logins = (people: User[]) => people.map((u) => u.login).join(", ");

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

/** The users with these ids, all active, or 422. */
function activeUsers(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = findActiveUsers(db, unique);
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
  const file = message.fileId ? filesById(ctx.db, [message.fileId]).get(message.fileId) : null;
  const presented = presentMessage(ctx.box, message, author, file);
  ctx.live.publish(topicOf(message.chatId), { type: "MESSAGE", message: presented });
  return presented;
}

const invitedBody = (invited: User[]) => JSON.stringify(invited.map((u) => ({ id: u.id, fullName: fullName(u) })));

/**
 * PUBLIC (administrators) or PRIVATE chats; the creator owns it and is a member with those
 * invited. Every active user joins a PUBLIC chat at once (users joining later: joinPublicChats).
 */
export function createChat(ctx: AppContext, actor: User, input: NewChatInput): number {
  if (input.type === "PUBLIC" && !hasRank(actor.role, "ADMIN")) throw forbidden();
  const name = checkName(ctx.db, input.name);
  const invited = activeUsers(ctx.db, (input.members ?? []).map((m) => m.id).filter((id) => id !== actor.id));
  const chat = ctx.db.transaction((tx) => {
    const created = tx.insert(chats).values({ name, description: input.description?.trim() ?? "", type: input.type, ownerId: actor.id }).returning().get();
    tx.insert(chatMembers).values([actor, ...invited].map((u) => ({ chatId: created.id, userId: u.id }))).run();
    if (created.type === "PUBLIC") joinPublicChat(tx, created.id);
    if (invited.length) insertMessage(ctx, created, actor.id, "INVITED_BY", invitedBody(invited));
    audit(tx, actor.id, "CREATE", `${chatLabel(created)}${invited.length ? ` with ${logins(invited)}` : ""}`);
    return created;
  });
  for (const user of invited) ctx.live.publishToUser(user.id, { type: "INVITED", chatId: chat.id });
  // The creator's other tabs learn of it too; everyone connected, of a PUBLIC chat they are now in.
  ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId: chat.id });
  if (chat.type === "PUBLIC") ctx.live.publish(BROADCAST_CHANNEL, { type: "PUBLIC_CHAT_CREATED", chatId: chat.id });
  return chat.id;
}

/** The DIRECT chat between the actor and another user, made on first use; nobody writes to themselves. */
export function directChat(ctx: AppContext, actor: User, userId: number): number {
  if (userId === actor.id) throw new AppError(422, "chat_with_self", "You cannot write to yourself");
  const [other] = activeUsers(ctx.db, [userId]);
  const key = directKey(actor.id, other.id);
  const existing = ctx.db.select().from(chats).where(and(eq(chats.type, "DIRECT"), eq(chats.name, key))).get();
  if (existing) return existing.id;
  const chat = ctx.db.transaction((tx) => {
    const created = tx.insert(chats).values({ name: key, type: "DIRECT", ownerId: actor.id }).returning().get();
    tx.insert(chatMembers).values([{ chatId: created.id, userId: actor.id }, { chatId: created.id, userId: other.id }]).run();
    audit(tx, actor.id, "CREATE", `DIRECT chat ${created.id} with ${other.login}`);
    return created;
  });
  ctx.live.publishToUser(other.id, { type: "INVITED", chatId: chat.id });
  ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId: chat.id });
  return chat.id;
}

const memberCount = sql<number>`(select count(*) from ${chatMembers} y where y.chat_id = ${chats.id})`;

/** The actor's chats with unread counts and latest records, newest activity first; onlyChatId narrows it to one. It writes nothing. */
export function listChats(ctx: AppContext, actor: User, archived?: boolean, onlyChatId?: number) {
  const { db } = ctx;
  const rows = db
    .select({ chat: chats, subscribed: chatMembers.subscribed, archived: chatMembers.archived, unread: unreadCount, memberCount })
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
  // A member row outlives access to a DATA or POI chat's subject (removal from its project): such chats are not listed.
  const enterable = rows.filter((row) => (row.chat.type !== "DATA" && row.chat.type !== "POI") || mayEnter(db, actor, row.chat, undefined));
  return presentRows(ctx, actor, enterable);
}

/** The other member of each DIRECT chat among `chatIds`, as `readerId` sees it. */
export function companionsOf(db: Db, chatIds: number[], readerId: number): Map<number, User> {
  const companions = new Map<number, User>();
  if (!chatIds.length) return companions;
  for (const row of db
    .select({ chatId: chatMembers.chatId, user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(inArray(chatMembers.chatId, chatIds), ne(chatMembers.userId, readerId)))
    .all()) {
    companions.set(row.chatId, row.user);
  }
  return companions;
}

function presentRows(ctx: AppContext, actor: User, rows: ChatRow[]) {
  const { db } = ctx;
  const companions = companionsOf(db, rows.filter((r) => r.chat.type === "DIRECT").map((r) => r.chat.id), actor.id);
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

/** How many PUBLIC chats the browse list shows at most. */
const BROWSE_MAX = 200;

/**
 * Every PUBLIC chat whose name contains `str` (any case, any script), by name, with its member count
 * and whether the actor is in it: where someone who left a PUBLIC chat finds it again.
 */
export function publicChats(db: Db, actor: User, str = "") {
  const needle = str.trim().toLocaleLowerCase();
  return db
    .select({ id: chats.id, name: chats.name, description: chats.description, numberOfMembers: memberCount, joined: sql<number>`exists(select 1 from ${chatMembers} m where m.chat_id = ${chats.id} and m.user_id = ${actor.id})` })
    .from(chats)
    .where(eq(chats.type, "PUBLIC"))
    .all()
    .filter((c) => !needle || c.name.toLocaleLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, BROWSE_MAX)
    .map((c) => ({ ...c, joined: !!c.joined }));
}

/**
 * The actor joins a PUBLIC chat (again, after leaving it): everyone sees a JOINED record, and the
 * chat answers as the actor's list shows it. Joining a chat one is in changes nothing.
 */
export function joinPublic(ctx: AppContext, actor: User, chatId: number) {
  const { chat, member } = enterChat(ctx.db, actor, chatId);
  if (chat.type !== "PUBLIC") throw forbidden();
  if (!member) {
    const message = ctx.db.transaction((tx) => {
      tx.insert(chatMembers).values({ chatId, userId: actor.id, lastReadMessageId: chat.lastMessageId ?? 0 }).run();
      audit(tx, actor.id, "CREATE", `member ${actor.login} of ${chatLabel(chat)}`);
      return insertMessage(ctx, chat, actor.id, "JOINED", "");
    });
    publishMessage(ctx, message, actor);
    ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId });
  }
  return listChats(ctx, actor, undefined, chatId)[0];
}

/** One chat from the actor's side; an open chat not joined yet as joining it would show it (subscribed, nothing unread). */
export function getChat(ctx: AppContext, actor: User, chatId: number) {
  const { chat, member } = enterChat(ctx.db, actor, chatId);
  if (member) return listChats(ctx, actor, undefined, chatId)[0];
  const { count } = ctx.db.select({ count: memberCount }).from(chats).where(eq(chats.id, chatId)).get()!;
  return presentRows(ctx, actor, [{ chat, subscribed: true, archived: false, unread: 0, memberCount: count }])[0];
}

/** Active users matching a name or login, for new chats and invitations (never the actor). */
export function searchUsers(db: Db, actor: User, str = "", excludeChat?: number) {
  const needle = str.trim().toLowerCase();
  const excluded = new Set([actor.id]);
  if (excludeChat) for (const m of db.select().from(chatMembers).where(eq(chatMembers.chatId, excludeChat)).all()) excluded.add(m.userId);
  return activeUsersByName(db)
    .filter((u) => !excluded.has(u.id) && (!needle || `${fullName(u)} ${u.login}`.toLowerCase().includes(needle)))
    .slice(0, 20)
    .map(presentUserChoice);
}

export function usersNotMembers(db: Db, actor: User, chatId: number, str?: string) {
  enterChat(db, actor, chatId);
  return searchUsers(db, actor, str, chatId);
}

/** The chat's members; for a DATA or ISSUE chat only those who may still see its item or task. */
export function chatMembersOf(db: Db, actor: User, chatId: number) {
  const { chat } = enterChat(db, actor, chatId);
  return db
    .select({ user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.chatId, chatId))
    .orderBy(asc(users.firstName))
    .all()
    .filter(({ user }) => (chat.type !== "DATA" && chat.type !== "ISSUE" && chat.type !== "POI") || mayEnter(db, user, chat, undefined))
    .map(({ user }) => presentMember(user));
}

/** The owner renames a PUBLIC or PRIVATE chat; everyone sees a RENAMED record with [old, new]. */
export function renameChat(ctx: AppContext, actor: User, chatId: number, rawName: string) {
  const chat = requireOwnedChat(ctx.db, actor, chatId, ["PUBLIC", "PRIVATE"]);
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
  const { chat } = enterChat(ctx.db, actor, chatId);
  if (chat.type !== "PUBLIC" && chat.type !== "PRIVATE") throw forbidden();
  const existing = new Set(ctx.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)).all().map((m) => m.userId));
  const invited = activeUsers(ctx.db, userIds).filter((u) => !existing.has(u.id));
  if (!invited.length) return { invited: [] };
  const message = ctx.db.transaction((tx) => {
    tx.insert(chatMembers).values(invited.map((u) => ({ chatId, userId: u.id, lastReadMessageId: chat.lastMessageId ?? 0 }))).run();
    audit(tx, actor.id, "CREATE", `${invited.length > 1 ? "members" : "member"} ${logins(invited)} of ${chatLabel(chat)}`);
    return insertMessage(ctx, chat, actor.id, "INVITED_BY", invitedBody(invited));
  });
  publishMessage(ctx, message, actor);
  for (const user of invited) ctx.live.publishToUser(user.id, { type: "INVITED", chatId });
  return { invited: invited.map((u) => u.id) };
}

/**
 * Removes a member from a PRIVATE chat: the owner removes others (REMOVED_BY), anyone may leave
 * (LEFT); a PUBLIC chat anyone may leave (and join again: joinPublic), nobody is removed from it.
 * The removed user gets DETACHED and loses the chat's topic at once.
 */
export function detachMember(ctx: AppContext, actor: User, chatId: number, memberId: number) {
  const { chat } = enterChat(ctx.db, actor, chatId);
  const leaving = memberId === actor.id;
  if (chat.type !== "PRIVATE" && !(chat.type === "PUBLIC" && leaving)) throw forbidden();
  if (!leaving && chat.ownerId !== actor.id) throw forbidden();
  const target = findUserById(ctx.db, memberId);
  if (!target || !isMember(ctx.db, memberId, chatId)) throw notFound("member");
  const message = ctx.db.transaction((tx) => {
    tx.delete(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, memberId))).run();
    audit(tx, actor.id, "DELETE", `member ${target.login} of ${chatLabel(chat)}`);
    return leaving
      ? insertMessage(ctx, chat, actor.id, "LEFT", "")
      : insertMessage(ctx, chat, actor.id, "REMOVED_BY", JSON.stringify([{ id: target.id, fullName: fullName(target) }]));
  });
  ctx.live.unsubscribeUser(memberId, topicOf(chatId));
  publishMessage(ctx, message, actor);
  ctx.live.publishToUser(memberId, { type: "DETACHED", chatId });
  return { id: chatId, member: memberId };
}

const setOwnFlags = (db: Db, chatId: number, actor: User, flags: { subscribed?: boolean; archived?: boolean }) =>
  db.update(chatMembers).set(flags).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id))).run();

/** A member (joining an open chat first) subscribes or unsubscribes; DIRECT chats are always subscribed. */
export function setSubscribed(ctx: AppContext, actor: User, chatId: number, subscribed: boolean) {
  const { chat } = joinChat(ctx.db, actor, chatId);
  if (chat.type === "DIRECT") throw forbidden();
  setOwnFlags(ctx.db, chatId, actor, { subscribed });
  if (subscribed) ctx.live.publishToUser(actor.id, { type: "SUBSCRIBE_AND_REFRESH", chatId });
  return { id: chatId, subscribed };
}

/** Any member (joining an open chat first) archives or unarchives a chat for themselves; answers the new flag. */
export function toggleArchived(ctx: AppContext, actor: User, chatId: number): boolean {
  const { member } = joinChat(ctx.db, actor, chatId);
  const archived = !member.archived;
  setOwnFlags(ctx.db, chatId, actor, { archived });
  return archived;
}

/** The owner deletes a chat (not a DATA or ISSUE chat, which belong to their item); every member gets DELETED. */
export function deleteChat(ctx: AppContext, actor: User, chatId: number) {
  const chat = requireOwnedChat(ctx.db, actor, chatId, ["PUBLIC", "PRIVATE", "DIRECT"]);
  const members = ctx.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)).all();
  ctx.db.transaction((tx) => {
    tx.delete(chats).where(eq(chats.id, chatId)).run();
    audit(tx, actor.id, "DELETE_FOREVER", chatLabel(chat));
  });
  for (const m of members) {
    ctx.live.unsubscribeUser(m.userId, topicOf(chatId));
    ctx.live.publishToUser(m.userId, { type: "DELETED", chatId });
  }
  return { id: chatId };
}
