/** One message in the list: a bubble (text with links, or a file card), a system line, or one still waiting to be sent. */
import { mdiClockOutline, mdiDeleteOutline, mdiFileOutline } from "@mdi/js";
import { fullName } from "../../src/modules/chat/naming";
import { sizeText } from "../lib/files";
import { authorName, fileOf, linkParts, messageTime, systemText } from "./format";
import { me } from "./store";
import { ct } from "./strings";
import type { FileRef, Message, PendingMessage } from "./types";
import { Icon } from "./ui";

function Text({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        "url" in part ? (
          <a key={i} href={part.url} rel="noopener noreferrer nofollow" target="_blank">
            {part.url}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function FileCard({ file, onView }: { file: { name: string; size?: number }; onView?: () => void }) {
  const content = (
    <>
      <Icon path={mdiFileOutline} />
      <span className="chat-file__name">{file.name}</span>
      {file.size !== undefined && <span className="chat-file__size">{sizeText(file.size)}</span>}
    </>
  );
  return onView ? (
    <button type="button" className="chat-file" onClick={onView}>
      {content}
    </button>
  ) : (
    <span className="chat-file">{content}</span>
  );
}

export function MessageItem({ m, onRemove, onView }: { m: Message; onRemove: (m: Message) => void; onView: (file: FileRef) => void }) {
  const own = m.authorID === me.id;
  const author = authorName(m);
  const when = <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>;
  if (m.messageKey !== "DEFAULT") {
    const deleted = m.messageKey === "DELETED";
    return (
      <li
        className={`chat-msg ${deleted ? `chat-msg--deleted${own ? " chat-msg--own" : ""}` : "chat-msg--system"}`}
        data-message-id={m.id}
        data-unread-candidate={!own && !deleted ? "" : undefined}
      >
        {deleted ? (
          <div className="chat-msg__bubble">
            <div className="chat-msg__meta">
              <strong>{author}</strong> {when}
            </div>
            <p className="chat-msg__text">{systemText(m, author)}</p>
          </div>
        ) : (
          <p>
            {systemText(m, author)} {when}
          </p>
        )}
      </li>
    );
  }
  const file = fileOf(m);
  return (
    <li className={`chat-msg${own ? " chat-msg--own" : ""}`} data-message-id={m.id} data-unread-candidate={own ? undefined : ""}>
      <div className="chat-msg__bubble">
        <div className="chat-msg__meta">
          <strong>{author}</strong> {when}
        </div>
        {file ? <FileCard file={file} onView={() => onView({ ...file, owner: m.file?.owner ?? (m.authorID ? { id: m.authorID } : undefined) })} /> : <p className="chat-msg__text"><Text text={m.decryptedBody} /></p>}
        {own && (
          <button type="button" className="chat-icon chat-msg__delete" title={ct("chat.deleteMessage")} aria-label={ct("chat.deleteMessage")} onClick={() => onRemove(m)}>
            <Icon path={mdiDeleteOutline} />
          </button>
        )}
      </div>
    </li>
  );
}

export function PendingItem({ p }: { p: PendingMessage }) {
  return (
    <li className="chat-msg chat-msg--own chat-msg--pending" data-pending={p.clientId}>
      <div className="chat-msg__bubble">
        <div className="chat-msg__meta">
          <strong>{fullName(me)}</strong>
          <span className="chat-msg__clock" title={ct("chat.pending")}>
            <Icon path={mdiClockOutline} />
            <span className="visually-hidden">{ct("chat.pending")}</span>
          </span>
        </div>
        {p.file ? <FileCard file={{ name: p.file.name ?? "" }} /> : <p className="chat-msg__text"><Text text={p.text ?? ""} /></p>}
      </div>
    </li>
  );
}
