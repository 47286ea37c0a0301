/**
 * The message box's `@` suggestions, as the ARIA combobox pattern has them: the box is the combobox, the
 * people a listbox below it; Up and Down move, Enter or Tab puts the login in, Escape closes; a click
 * does too. The list comes from the chat's mentionable people (mentions.ts), loaded on the first `@`.
 */
import { useSignals } from "@preact/signals-react/runtime";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { mentionAt, mentionablesOf, putMention, suggestions } from "./mentions";
import { ct } from "./strings";

export function useMentionPicker(chatId: number | null, inputId: string, box: RefObject<HTMLTextAreaElement | null>, setText: (text: string) => void) {
  useSignals();
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const caret = useRef<number | null>(null);
  const people = chatId !== null && at ? mentionablesOf(chatId).value : undefined;
  const options = at && people ? suggestions(people, at.query) : [];
  const open = options.length > 0;
  const listId = `${inputId}-mentions`;
  const optionId = (i: number) => `${listId}-${i}`;

  // The caret goes after the login put in, once React has written the new text.
  useLayoutEffect(() => {
    if (caret.current === null || !box.current) return;
    box.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  /** Follows the caret: a `@word` before it opens the list (at its first entry). */
  const follow = (el: HTMLTextAreaElement) => {
    const found = mentionAt(el.value, el.selectionStart);
    if (found?.start !== at?.start || found?.query !== at?.query) setActive(0);
    setAt(found);
  };

  const pick = (index: number) => {
    const el = box.current;
    const person = options[index];
    if (!el || !at || !person) return;
    const next = putMention(el.value, at.start, el.selectionStart, person.login);
    caret.current = next.caret;
    setText(next.text);
    setAt(null);
    el.focus();
  };

  /** The keys the open list takes; answers whether it took this one. */
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step) setActive((active + step + options.length) % options.length);
    else if (event.key === "Enter" || event.key === "Tab") pick(active);
    else if (event.key === "Escape") setAt(null);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const inputProps = {
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": open,
    "aria-controls": listId,
    "aria-activedescendant": open ? optionId(active) : undefined,
  };

  const listbox = (
    <ul className="chat-mentions" id={listId} role="listbox" aria-label={ct("chat.mentionList")} hidden={!open}>
      {options.map((person, i) => (
        <li
          key={person.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={i === active ? "is-active" : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(i)}
        >
          <span>
            {person.firstName} {person.lastName}
          </span>{" "}
          <span className="chat-mentions__login">@{person.login}</span>
        </li>
      ))}
    </ul>
  );

  return { inputProps, onKey, follow, close: () => setAt(null), listbox };
}
