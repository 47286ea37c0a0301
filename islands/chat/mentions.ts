/**
 * Whom a chat's messages may mention (the server's /chats/mentionable, fetched once per chat when first
 * wanted), where the caret's `@word` is in the message box, and the text with a picked login put in.
 * The server decides who is notified; this list only suggests and highlights.
 */
import { signal, type Signal } from "@preact/signals-react";
import type { Wire } from "../../src/lib/responses";
import type { UserChoice } from "../../src/modules/chat/presenter";
import { call, server } from "../lib/server";

export type Mentionable = Wire<UserChoice>;

const lists = new Map<number, Signal<Mentionable[] | undefined>>();

/** The chat's people who may be mentioned; undefined until they arrive (an error leaves none and asks again next time). */
export function mentionablesOf(chatId: number): Signal<Mentionable[] | undefined> {
  let list = lists.get(chatId);
  if (list) return list;
  if (typeof document === "undefined") return signal(undefined); // a server render asks nobody
  list = signal<Mentionable[] | undefined>(undefined);
  lists.set(chatId, list);
  const filled = list;
  call(server.chats.mentionable.get({ query: { chatId } })).then(
    (people) => (filled.value = people),
    () => lists.delete(chatId),
  );
  return list;
}

/** The `@word` being typed where the caret is: its start (the `@`) and the word so far. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[\s([{"«])@([\p{L}\p{M}\p{N}_.-]{0,64})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - match[1]!.length - 1, query: match[1]! } : null;
}

/** Up to `limit` people whose login or name contains the word, those starting with it first. */
export function suggestions(people: Mentionable[], query: string, limit = 8): Mentionable[] {
  const q = query.toLowerCase();
  const name = (p: Mentionable) => `${p.firstName} ${p.lastName}`.toLowerCase();
  const starts = (p: Mentionable) => p.login.toLowerCase().startsWith(q) || name(p).startsWith(q) || p.lastName.toLowerCase().startsWith(q);
  const found = people.filter((p) => !q || starts(p) || p.login.toLowerCase().includes(q) || name(p).includes(q));
  return [...found.filter(starts), ...found.filter((p) => !starts(p))].slice(0, limit);
}

/** The text with the `@word` from `start` to the caret replaced by `@login ` and where the caret goes. */
export function putMention(text: string, start: number, caret: number, login: string): { text: string; caret: number } {
  const inserted = `@${login} `;
  const rest = text.slice(caret).replace(/^[\p{L}\p{M}\p{N}_.-]*/u, "").replace(/^ /, "");
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}
