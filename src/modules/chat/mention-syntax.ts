/**
 * How `@login` is written in a message, shared by the server (who is notified) and the pages (what is
 * highlighted). No server code: islands import it.
 */

/** `@` after a space, a bracket or the start, then a login's characters (letters, marks, digits, `._-`). */
const MENTION = /(?<![\p{L}\p{M}\p{N}_.@-])@([\p{L}\p{M}\p{N}_.-]{1,64})/gu;

/** Each `@login` of a text with where its `@` is; a sentence's full stop after one is not part of it. */
export function mentionsIn(text: string): { index: number; login: string }[] {
  return [...text.matchAll(MENTION)].map((m) => ({ index: m.index, login: m[1]!.replace(/[.]+$/, "") })).filter((m) => m.login);
}
