import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { chatMembers, chatMessages, chats, type User } from "../../../db/schema";
import type { SecretBox } from "../../lib/secret-box";
import { chatTitle, nameFor } from "./naming";
import { bodyOf } from "./presenter";
import { companionsOf } from "./service";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of chats. Bodies are sealed
// at rest: they are opened here, in memory, and the index keeps only keyed hashes of their stems.

/** The words of a body: a text message's text, or a file message's file name and caption. */
function wordsOfBody(body: string): string {
  if (!body.startsWith("{")) return body;
  try {
    const { file, text } = JSON.parse(body) as { file?: { name?: unknown }; text?: unknown };
    return [file?.name, text].filter((part) => typeof part === "string").join(" ");
  } catch {
    return body;
  }
}

/**
 * The opened text of each of the messages `ids` that is a user's message (DEFAULT) now, with its chat;
 * deleted and system messages, and messages gone, are absent. Nothing is written anywhere.
 */
export function messageTextsForIndex(db: Executor, box: SecretBox, ids: number[]): { ref: number; chatId: number; text: string }[] {
  return db
    .select({ ref: chatMessages.id, chatId: chatMessages.chatId, body: chatMessages.body, encrypted: chatMessages.encrypted })
    .from(chatMessages)
    .where(and(inArray(chatMessages.id, ids), eq(chatMessages.messageKey, "DEFAULT")))
    .all()
    .map(({ ref, chatId, ...message }) => ({ ref, chatId, text: wordsOfBody(bodyOf(box, message)) }));
}

/** Each of `chatIds` as `reader` sees it named (a DIRECT chat: the companion; a DATA or ISSUE chat: its item or task). */
export function chatTitles(db: Db, reader: User, chatIds: number[]): Map<number, string> {
  const rows = db.select().from(chats).where(inArray(chats.id, chatIds)).all();
  const companions = companionsOf(db, rows.filter((chat) => chat.type === "DIRECT").map((chat) => chat.id), reader.id);
  return new Map(rows.map((chat) => [chat.id, chatTitle({ ...chat, name: nameFor(chat, companions.get(chat.id)) })]));
}

/** Every user's message, for a rebuild of the index. */
export const messageIdsForIndex = (db: Executor) =>
  db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.messageKey, "DEFAULT")).all().map(({ id }) => id);

/**
 * Whether `actor` may read message `messageId` (an SQL expression) now, as chat/policy.ts mayEnter says,
 * in one query: PUBLIC chats for everyone, PRIVATE and DIRECT chats for their members, a DATA chat when
 * its item is among `items` and an ISSUE chat when its task is among `issues` (the subqueries of ids the
 * data and task rules give the reader).
 */
export function readableMessage(actor: User, messageId: SQL, rules: { items: SQL; issues: SQL }): SQL {
  return sql`exists (select 1 from ${chatMessages} m join ${chats} c on c.id = m.chat_id where m.id = ${messageId} and m.message_key = 'DEFAULT' and (
    c.type = 'PUBLIC'
    or (c.type in ('PRIVATE', 'DIRECT') and exists (select 1 from ${chatMembers} cm where cm.chat_id = c.id and cm.user_id = ${actor.id}))
    or (c.type = 'DATA' and c.data_id in (${rules.items}))
    or (c.type = 'ISSUE' and c.issue_id in (${rules.issues}))))`;
}
