import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { chatTitles, messageTextsForIndex } from "../chat/index-texts";
import { snippetOf } from "./fulltext-snippet";

/** A chat message's card: the chat (id and name: the link opens it), and a snippet of the message opened in memory. */
interface ChatCard {
  type: "CHAT";
  id: number;
  name: string;
  project: null;
  version: null;
  snippet: string;
}

/**
 * The cards of the chat messages among the shown index rows `rids` (a page: at most 20), by rowid.
 * The index has no text of them, so each is opened here, in memory only, and its snippet cut as for
 * any other text; the name is the chat's as the reader sees it (a DIRECT chat: the companion; a DATA or ISSUE chat: its item).
 */
export function chatCards(ctx: AppContext, actor: User, rids: number[], stems: ReadonlySet<string>): Map<number, ChatCard> {
  const messages = messageTextsForIndex(ctx.db, ctx.box, rids.filter((rid) => (rid & 3) === 0).map((rid) => rid >> 2));
  if (!messages.length) return new Map();
  const names = chatTitles(ctx.db, actor, [...new Set(messages.map(({ chatId }) => chatId))]);
  return new Map(
    messages.map(({ ref, chatId, text }) => [ref * 4, { type: "CHAT", id: chatId, name: names.get(chatId) ?? "", project: null, version: null, snippet: snippetOf(text, stems) }]),
  );
}
