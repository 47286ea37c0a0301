/**
 * The message input: Enter sends, Alt+Enter breaks the line, Up edits one's last message, pasted
 * files go to the upload dialog. Nothing is cut: near MESSAGE_MAX a counter shows what is left, past
 * it what is too much, and the message is not sent until it fits. `@` suggests whom to mention.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiAttachment, mdiSend } from "./icons";
import { MESSAGE_MAX } from "../../src/modules/chat/limits";
import type { FrameDialog } from "./frame";
import { lastEditable } from "./format";
import { reportFailure } from "../lib/failures";
import { composerFocus, connected, editingId, me } from "./store";
import { ct } from "./strings";
import { thread } from "./threads";
import { Icon } from "../lib/ui/Icon";
import { Menu } from "./ui";
import { useMentionPicker } from "./mention-picker";

/** From how many characters the counter shows. */
const COUNT_FROM = MESSAGE_MAX - 500;

interface ComposerProps {
  inputId: string;
  /** The chat written in; null before a data item's first comment makes it. */
  chatId: number | null;
  canWrite: boolean;
  /** Sends the trimmed text; a promise keeps the text until it resolves (and when it fails). */
  onSend: (text: string) => unknown;
  /** The attach menu and pasted files, for a chat that exists. */
  onDialog?: (d: FrameDialog) => void;
  onFiles?: (files: File[]) => void;
}

export function Composer({ inputId, chatId, canWrite, onSend, onDialog, onFiles }: ComposerProps) {
  useSignals();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const length = text.trim().length;
  const over = length > MESSAGE_MAX;
  const wanted = chatId !== null && composerFocus.value === chatId;
  const mentions = useMentionPicker(chatId, inputId, box, setText);

  useEffect(() => {
    if (!wanted || !canWrite) return;
    box.current?.focus();
    composerFocus.value = null;
  }, [wanted, canWrite]);

  const send = () => {
    const body = text.trim();
    if (!body || over || busy || !canWrite) return;
    const sending = onSend(body);
    if (!(sending instanceof Promise)) return setText("");
    setBusy(true);
    sending.then(() => setText(""), reportFailure).finally(() => setBusy(false));
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKey(event)) return;
    // Up in an empty box edits one's latest message, as in Mattermost.
    const last = event.key === "ArrowUp" && !text && canWrite && chatId !== null ? lastEditable(thread(chatId).messages.value, me.id) : undefined;
    if (last) {
      event.preventDefault();
      editingId.value = last.id;
      return;
    }
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (event.altKey) {
      // Alt+Enter: a new line where the caret is.
      event.preventDefault();
      // Inserted natively so the caret moves at once; a later caret fix-up raced with fast typing.
      const el = event.currentTarget;
      el.setRangeText("\n", el.selectionStart, el.selectionEnd, "end");
      setText(el.value);
      return;
    }
    if (event.shiftKey) return;
    event.preventDefault();
    send();
  };

  return (
    <div className="chat-composer">
      {!canWrite && <p className="chat-composer__note">{ct("chat.subscribeToWrite")}</p>}
      {canWrite && !connected.value && <p className="chat-composer__note">{ct("chat.offlineNote")}</p>}
      {mentions.listbox}
      <div className="chat-composer__row">
        {onDialog && (
          <Menu label={ct("chat.attach")} icon={mdiAttachment}>
            {(close) => (
              <>
                <button type="button" role="menuitem" disabled={!canWrite} onClick={() => (close(), onDialog("upload"))}>
                  {ct("chat.uploadFiles")}
                </button>
                <button type="button" role="menuitem" disabled={!canWrite} onClick={() => (close(), onDialog("picker"))}>
                  {ct("chat.myFiles")}
                </button>
              </>
            )}
          </Menu>
        )}
        <label className="visually-hidden" htmlFor={inputId}>
          {ct("chat.messageLabel")}
        </label>
        <span className="visually-hidden" id={`${inputId}-hint`}>
          {ct("chat.inputHint")}
        </span>
        <textarea
          id={inputId}
          ref={box}
          rows={1}
          value={text}
          disabled={!canWrite}
          placeholder={ct("chat.messagePlaceholder")}
          aria-describedby={length >= COUNT_FROM ? `${inputId}-hint ${inputId}-count` : `${inputId}-hint`}
          aria-invalid={over || undefined}
          {...mentions.inputProps}
          onChange={(e) => {
            setText(e.target.value);
            mentions.follow(e.target);
          }}
          onSelect={(e) => mentions.follow(e.currentTarget)}
          onBlur={mentions.close}
          onKeyDown={onKey}
          onPaste={(e) => {
            const files = [...e.clipboardData.files];
            if (files.length && onFiles) {
              e.preventDefault();
              onFiles(files);
            }
          }}
        />
        <button type="button" className="chat-icon chat-composer__send" title={ct("chat.send")} aria-label={ct("chat.send")} disabled={!canWrite || !length || over || busy} onClick={send}>
          <Icon path={mdiSend} />
        </button>
      </div>
      {length >= COUNT_FROM && (
        <p id={`${inputId}-count`} className={`chat-composer__count${over ? " is-over" : ""}`} aria-live={over ? "polite" : "off"}>
          {over ? ct("chat.charsOver", { count: length - MESSAGE_MAX }) : ct("chat.charsLeft", { count: MESSAGE_MAX - length })}
        </p>
      )}
    </div>
  );
}
