/**
 * One message in the list: a bubble (Markdown text, a file card or an image, an "(edited)" mark), a
 * system line, or one still waiting to be sent. The first of a group carries the header (avatar,
 * name, time); the author edits their own in place.
 */
import { mdiClockOutline, mdiDeleteOutline, mdiFileOutline, mdiPencilOutline } from "./icons";
import { previewKind } from "../../src/lib/file-types";
import { fullName } from "../../src/modules/chat/naming";
import { sizeText, userFileUrl } from "../lib/files";
import { Editor } from "./editor";
import { authorName, fileOf, messageTime, systemText, wordsOf } from "./format";
import { Markdown } from "./markdown";
import { MessageText } from "./message-text";
import { me } from "./store";
import { ct } from "./strings";
import type { FileRef, Message, PendingMessage } from "./types";
import { Icon } from "../lib/ui/Icon";
import { Avatar } from "./ui";


/** A file: images as a thumbnail (the file name as alt text), others as a card; either opens the viewer. */
function Attachment({ file, onView }: { file: { name: string; size?: number; token?: string }; onView?: () => void }) {
  if (onView && file.token && previewKind(file.name) === "image") {
    return (
      <button type="button" className="chat-thumb" onClick={onView}>
        <img src={userFileUrl(file.token, true)} alt={file.name} loading="lazy" decoding="async" />
      </button>
    );
  }
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

export interface MessageProps {
  m: Message;
  /** It continues the previous message's group: no header of its own. */
  grouped: boolean;
  editing: boolean;
  onEdit: (m: Message | null) => void;
  onRemove: (m: Message) => void;
  onView: (file: FileRef) => void;
}

export function MessageItem({ m, grouped, editing, onEdit, onRemove, onView }: MessageProps) {
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
        {deleted && !own && <Avatar name={author} size={25} />}
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
  const words = wordsOf(m);
  return (
    <li className={`chat-msg${own ? " chat-msg--own" : ""}${grouped ? " chat-msg--grouped" : ""}`} data-message-id={m.id} data-unread-candidate={own ? undefined : ""}>
      {!own && (grouped ? <span className="chat-msg__gutter" /> : <Avatar name={author} size={25} />)}
      <div className={`chat-msg__bubble${editing ? " is-editing" : ""}`}>
        <div className={`chat-msg__meta${grouped ? " visually-hidden" : ""}`}>
          <strong>{author}</strong> {when}
        </div>
        {file && <Attachment file={file} onView={() => onView({ ...file, owner: m.file?.owner ?? (m.authorID ? { id: m.authorID } : undefined) })} />}
        {editing ? (
          <Editor m={m} words={words} onDone={() => onEdit(null)} />
        ) : (
          words && (
            <div className="chat-msg__text">
              <MessageText chatId={m.chatId} text={words} />
            </div>
          )
        )}
        {m.editedAt && !editing && (
          <span className="chat-msg__edited" title={ct("chat.editedAt", { time: messageTime(m.editedAt) })}>
            {ct("chat.edited")}
          </span>
        )}
      </div>
      {own && !editing && (
        <div className="chat-msg__actions">
          <button type="button" className="chat-icon" title={ct("chat.editMessage")} aria-label={ct("chat.editMessage")} onClick={() => onEdit(m)}>
            <Icon path={mdiPencilOutline} />
          </button>
          <button type="button" className="chat-icon" title={ct("chat.deleteMessage")} aria-label={ct("chat.deleteMessage")} onClick={() => onRemove(m)}>
            <Icon path={mdiDeleteOutline} />
          </button>
        </div>
      )}
    </li>
  );
}

export function PendingItem({ p, grouped }: { p: PendingMessage; grouped: boolean }) {
  return (
    <li className={`chat-msg chat-msg--own chat-msg--pending${grouped ? " chat-msg--grouped" : ""}`} data-pending={p.clientId}>
      <div className="chat-msg__bubble">
        <div className="chat-msg__meta">
          <strong className={grouped ? "visually-hidden" : undefined}>{fullName(me)}</strong>
          <span className="chat-msg__clock" title={ct("chat.pending")}>
            <Icon path={mdiClockOutline} />
            <span className="visually-hidden">{ct("chat.pending")}</span>
          </span>
        </div>
        {p.file ? (
          <Attachment file={{ name: p.file.name ?? "" }} />
        ) : (
          <div className="chat-msg__text">
            <Markdown text={p.text ?? ""} />
          </div>
        )}
      </div>
    </li>
  );
}
