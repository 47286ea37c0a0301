/** A written message's text, its mentions of people who may be mentioned in the chat (and of the reader) highlighted. */
import { useSignals } from "@preact/signals-react/runtime";
import { useMemo } from "react";
import { canonicalLogin } from "../../src/modules/users/validation";
import { Markdown } from "./markdown";
import { mentionablesOf } from "./mentions";
import { me } from "./store";

export function MessageText({ chatId, text }: { chatId: number; text: string }) {
  useSignals();
  // Only a text with an `@` asks for the chat's people (once per chat).
  const people = text.includes("@") ? mentionablesOf(chatId).value : undefined;
  const names = useMemo(() => people && new Map([...people, me].map((p) => [canonicalLogin(p.login), `${p.firstName} ${p.lastName}`])), [people]);
  return <Markdown text={text} names={names} />;
}
