/** Editing one's own message in place (message-item.tsx shows it instead of the text). */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { MESSAGE_MAX } from "../../src/modules/chat/limits";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { fileOf } from "./format";
import { editMessage } from "./store";
import { ct } from "./strings";
import type { Message } from "./types";

/** The author's text in place: Enter saves, Alt+Enter breaks the line, Escape cancels; the limits of sending. */
export function Editor({ m, words, onDone }: { m: Message; words: string; onDone: () => void }) {
  const [text, setText] = useState(words);
  const [saving, setSaving] = useState(false);
  const hint = useId();
  const root = useRef<HTMLDivElement>(null);
  // The last message's editor opens below the fold: bring its buttons into view.
  // (Braces: chromium's scrollIntoView answers a promise, which React would take for a cleanup.)
  useEffect(() => {
    root.current?.scrollIntoView({ block: "nearest" });
  }, []);
  // A file message may lose its caption; a text message keeps some text.
  const empty = !text.trim() && !fileOf(m);
  const save = () => {
    if (saving || empty) return;
    if (text.trim() === words.trim()) return onDone();
    setSaving(true);
    editMessage(m.chatId, m.id, text).then(onDone, (error: { code?: string }) => {
      setSaving(false);
      snack(error?.code === "disconnected" ? ct("chat.notConnected") : errorText({ code: error?.code }), "error");
    });
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing && !event.shiftKey) {
      event.preventDefault();
      if (!event.altKey) return save();
      const el = event.currentTarget;
      el.setRangeText("\n", el.selectionStart, el.selectionEnd, "end");
      setText(el.value);
    }
  };
  return (
    <div className="chat-edit" ref={root}>
      <textarea
        aria-label={ct("chat.editMessage")}
        aria-describedby={hint}
        value={text}
        maxLength={MESSAGE_MAX}
        autoFocus
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <span className="visually-hidden" id={hint}>
        {ct("chat.editHint")}
      </span>
      <div className="chat-edit__buttons">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {ct("common.cancel")}
        </button>
        <button type="button" className="btn" disabled={saving || empty} onClick={save}>
          {ct("common.save")}
        </button>
      </div>
    </div>
  );
}
