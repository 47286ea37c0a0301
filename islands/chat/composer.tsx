/** The message input: Enter sends, Alt+Enter breaks the line, pasted files go to the upload dialog. */
import { useRef, useState, type KeyboardEvent } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiAttachment, mdiSend } from "@mdi/js";
import { MESSAGE_MAX } from "../../src/modules/chat/limits";
import type { FrameDialog } from "./frame";
import { connected, sendText } from "./store";
import { ct } from "./strings";
import type { Chat } from "./types";
import { Icon, Menu } from "./ui";

export function Composer({ chat, canWrite, onDialog, onFiles }: { chat: Chat; canWrite: boolean; onDialog: (d: FrameDialog) => void; onFiles: (files: File[]) => void }) {
  useSignals();
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    const body = text.trim();
    if (!body || !canWrite) return;
    sendText(chat.id, body);
    setText("");
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      <div className="chat-composer__row">
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
        <label className="visually-hidden" htmlFor={`chat-input-${chat.id}`}>
          {ct("chat.messageLabel")}
        </label>
        <span className="visually-hidden" id={`chat-hint-${chat.id}`}>
          {ct("chat.inputHint")}
        </span>
        <textarea
          id={`chat-input-${chat.id}`}
          ref={box}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          disabled={!canWrite}
          placeholder={ct("chat.messagePlaceholder")}
          aria-describedby={`chat-hint-${chat.id}`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          onPaste={(e) => {
            const files = [...e.clipboardData.files];
            if (files.length) {
              e.preventDefault();
              onFiles(files);
            }
          }}
        />
        <button type="button" className="chat-icon chat-composer__send" title={ct("chat.send")} aria-label={ct("chat.send")} disabled={!canWrite || !text.trim()} onClick={send}>
          <Icon path={mdiSend} />
        </button>
      </div>
    </div>
  );
}
