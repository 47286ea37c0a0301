/** One chat: header, messages with read tracking, the input, and file drops and pastes. */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { createPortal } from "react-dom";
import { useSignals } from "@preact/signals-react/runtime";
import {
  mdiAccountMultiple, mdiArrowDown, mdiArrowLeft, mdiAttachment, mdiBellOffOutline, mdiBellOutline, mdiClockOutline, mdiClose,
  mdiDeleteOutline, mdiDotsVertical, mdiFileOutline, mdiOpenInNew, mdiSend, mdiUpload,
} from "@mdi/js";
import type { DataType } from "../../db/schema";
import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { sizeText } from "../lib/files";
import { live } from "../lib/live";
import { snack } from "../lib/snackbar";
import { chatCore } from "./core";
import { authorName, chatName, fileOf, lastSeen, linkParts, messageTime, systemText } from "./format";
import { ask, chats, connected, loadOlder, me, outbox, presence, retry, thread } from "./store";
import { ct } from "./strings";
import { Avatar, Icon, Menu } from "./ui";
import type { Chat, FileRef, Message, PendingMessage } from "./types";

const Members = lazy(() => import("./dialogs").then((m) => ({ default: m.Members })));
const Rename = lazy(() => import("./dialogs").then((m) => ({ default: m.Rename })));
const Upload = lazy(() => import("./files").then((m) => ({ default: m.Upload })));
const Picker = lazy(() => import("./files").then((m) => ({ default: m.Picker })));
const Viewer = lazy(() => import("./files").then((m) => ({ default: m.Viewer })));

export interface FrameProps {
  chatId: number;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
  /** The modal window: close it, or move it to the drawer. */
  onClose?: () => void;
  onExpand?: () => void;
  /** Pointer down on the header of the draggable modal. */
  onDragStart?: (event: ReactPointerEvent) => void;
  compact?: boolean;
}

export function ChatFrame(props: FrameProps) {
  useSignals();
  const chat = chats.value.find((c) => c.id === props.chatId);
  if (!chat) {
    return (
      <section className="chat-frame chat-frame--empty">
        {props.onBack && <BackButton onBack={props.onBack} />}
        <p>{ct("chat.notFound")}</p>
      </section>
    );
  }
  return <Frame key={chat.id} chat={chat} {...props} />;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="chat-icon chat-frame__back" title={ct("chat.back")} aria-label={ct("chat.back")} onClick={onBack}>
      <Icon path={mdiArrowLeft} />
    </button>
  );
}

type Dialogs = null | "members" | "rename" | "upload" | "picker";

function Frame({ chat, onBack, onClose, onExpand, onDragStart, compact }: FrameProps & { chat: Chat }) {
  useSignals();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [dropped, setDropped] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [viewing, setViewing] = useState<FileRef | null>(null);
  const dragDepth = useRef(0);
  const canWrite = chat.type === "DIRECT" || chat.subscribed;

  const openUpload = (files: File[]) => {
    if (!canWrite) return;
    setDropped(files);
    setDialog("upload");
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) openUpload(files);
  };
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes("Files");

  return (
    <section
      className={`chat-frame${compact ? " chat-frame--compact" : ""}`}
      aria-label={chatName(chat)}
      onDragEnter={(e) => {
        if (!hasFiles(e) || !canWrite) return;
        dragDepth.current++;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (hasFiles(e) && canWrite) e.preventDefault();
      }}
      onDragLeave={() => {
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (!dragDepth.current) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Header chat={chat} onBack={onBack} onClose={onClose} onExpand={onExpand} onDragStart={onDragStart} onDialog={setDialog} compact={compact} />
      <Messages chat={chat} onView={setViewing} />
      <Composer chat={chat} canWrite={canWrite} onDialog={setDialog} onFiles={openUpload} />
      {dragging && (
        <div className="chat-drop" aria-hidden="true">
          <Icon path={mdiUpload} />
          <p>{ct("chat.dropFiles")}</p>
        </div>
      )}
      <Suspense fallback={null}>
        {dialog === "members" && <Members chat={chat} onClose={() => setDialog(null)} />}
        {dialog === "rename" && <Rename chat={chat} onClose={() => setDialog(null)} />}
        {dialog === "upload" && <Upload chatId={chat.id} initial={dropped} onClose={() => setDialog(null)} />}
        {dialog === "picker" && <Picker chatId={chat.id} onClose={() => setDialog(null)} />}
        {viewing && createPortal(<Viewer file={viewing} onClose={() => setViewing(null)} />, document.body)}
      </Suspense>
    </section>
  );
}

function Header({ chat, onBack, onClose, onExpand, onDragStart, onDialog, compact }: Omit<FrameProps, "chatId"> & { chat: Chat; onDialog: (d: Dialogs) => void }) {
  useSignals();
  void presence.value;
  const [, tick] = useState(0);
  const [item, setItem] = useState<{ href: string; name: string } | null>(null);
  const name = chatName(chat);
  const isOwner = chat.ownerID === me.id;
  const named = chat.type === "PUBLIC" || chat.type === "PRIVATE";

  // 'last seen' is refreshed every 60 s.
  useEffect(() => {
    if (chat.type !== "DIRECT") return;
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, [chat.type]);

  useEffect(() => {
    if (chat.type !== "DATA" || compact) return;
    let live = true;
    api<{ id: number; name: string; dataType: DataType; project: { id: number } }>("data/get-by-chat", { query: { chatId: chat.id } })
      .then((data) => live && setItem({ href: dataItemPath(data.project.id, data.dataType, data.id), name: data.name }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [chat.id, chat.type, compact]);

  let status = "";
  if (chat.type === "DIRECT" && chat.companionID) {
    status = chatCore.online.has(chat.companionID) ? ct("chat.online") : lastSeen(chatCore.lastSeen.get(chat.companionID) ?? chat.companionLogoutTime);
  }

  const toggleSubscription = async () => {
    if (chat.subscribed && !(await ask(ct("chat.unsubscribeConfirm"), ct("chat.unsubscribe")))) return;
    try {
      await api(`chats/${chat.subscribed ? "unsubscribe" : "subscribe"}`, { query: { chat: chat.id } });
      chatCore.patch(chat.id, { subscribed: !chat.subscribed });
    } catch (error) {
      reportFailure(error);
    }
  };
  const archive = async () => {
    try {
      const archived = await api<boolean>("chats/archive", { method: "PUT", query: { chatID: chat.id } });
      chatCore.patch(chat.id, { archived });
      snack(ct(archived ? "chat.archivedDone" : "chat.unarchivedDone"), "success");
    } catch (error) {
      reportFailure(error);
    }
  };
  const remove = async () => {
    if (!(await ask(ct("chat.deleteConfirm", { name }), ct("chat.delete")))) return;
    try {
      await api("chats", { method: "DELETE", query: { chatID: chat.id } });
      chatCore.remove(chat.id);
    } catch (error) {
      reportFailure(error);
    }
  };

  return (
    <header className={`chat-frame__head${onDragStart ? " is-draggable" : ""}`} onPointerDown={onDragStart}>
      {onBack && <BackButton onBack={onBack} />}
      {!compact && <Avatar name={name} size={38} online={status === ct("chat.online")} />}
      <div className="chat-frame__title">
        <h2>{item ? <a href={item.href}>{item.name}</a> : name}</h2>
        {status && <p className="chat-frame__status">{status}</p>}
      </div>
      {chat.type !== "DIRECT" && (
        <button
          type="button"
          className="chat-icon"
          aria-pressed={chat.subscribed}
          title={chat.subscribed ? ct("chat.unsubscribe") : ct("chat.subscribe")}
          aria-label={chat.subscribed ? ct("chat.unsubscribe") : ct("chat.subscribe")}
          onClick={toggleSubscription}
        >
          <Icon path={chat.subscribed ? mdiBellOutline : mdiBellOffOutline} />
        </button>
      )}
      <button type="button" className="chat-members" title={ct("chat.members")} aria-label={ct("chat.membersCount", { count: chat.numberOfMembers })} onClick={() => onDialog("members")}>
        <Icon path={mdiAccountMultiple} />
        <span aria-hidden="true">{chat.numberOfMembers}</span>
      </button>
      {named && (
        <Menu label={ct("chat.options")} icon={mdiDotsVertical}>
          {(close) => (
            <>
              {isOwner && (
                <button type="button" role="menuitem" onClick={() => (close(), onDialog("rename"))}>
                  {ct("chat.rename")}
                </button>
              )}
              <button type="button" role="menuitem" onClick={() => (close(), void archive())}>
                {chat.archived ? ct("chat.unarchive") : ct("chat.archive")}
              </button>
              {isOwner && (
                <button type="button" role="menuitem" className="is-danger" onClick={() => (close(), void remove())}>
                  {ct("chat.delete")}
                </button>
              )}
            </>
          )}
        </Menu>
      )}
      {onExpand && (
        <button type="button" className="chat-icon" title={ct("chat.expand")} aria-label={ct("chat.expand")} onClick={onExpand}>
          <Icon path={mdiOpenInNew} />
        </button>
      )}
      {onClose && (
        <button type="button" className="chat-icon" title={ct("common.close")} aria-label={ct("common.close")} onClick={onClose}>
          <Icon path={mdiClose} />
        </button>
      )}
    </header>
  );
}

const AT_BOTTOM = 48;

/** Whether the tab is shown: messages are not read in a hidden tab, and are once it shows again. */
function usePageVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const change = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", change);
    return () => document.removeEventListener("visibilitychange", change);
  }, []);
  return visible;
}

function Messages({ chat, onView }: { chat: Chat; onView: (file: FileRef) => void }) {
  useSignals();
  const t = thread(chat.id);
  const list = t.messages.value;
  const pending = outbox.value.filter((p) => p.chatId === chat.id && !list.some((m) => m.clientId === p.clientId));
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showDown, setShowDown] = useState(false);
  const [fresh, setFresh] = useState(0);
  const seen = useRef({ last: 0, count: 0, pending: 0, first: 0 });
  const reported = useRef(chat.numberOfUnreadMessages > 0 ? 0 : (chat.lastMessageID ?? 0));
  const prevHeight = useRef(0);
  const visible = usePageVisible();

  /** At the bottom everything has been seen, even a message too tall to be 99% in view. */
  const readAll = () => {
    const latest = [...t.messages.value].reverse().find((m) => m.authorID !== me.id && m.messageKey !== "DELETED");
    if (latest && latest.id > reported.current && document.visibilityState === "visible" && chatCore.markRead(chat.id, latest.id)) {
      reported.current = latest.id;
    }
  };

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setShowDown(false);
    setFresh(0);
  };

  // Scroll: to the bottom at first and for one's own messages or when already there; keep the place when older ones load.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const last = list.at(-1);
    const before = seen.current;
    const first = list[0]?.id ?? 0;
    if (before.first && first < before.first && last?.id === before.last) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (!before.count || pending.length > before.pending || (last && last.id !== before.last && last.authorID === me.id) || atBottom.current) {
      toBottom();
    } else if (last && last.id !== before.last) {
      const incoming = list.filter((m) => m.id > before.last && m.authorID !== me.id && m.messageKey !== "DELETED").length;
      if (incoming) setFresh((n) => n + incoming);
      setShowDown(true);
    }
    seen.current = { last: last?.id ?? 0, count: list.length, pending: pending.length, first };
    prevHeight.current = el.scrollHeight;
  }, [list, pending.length]);

  // Read tracking: an incoming message fully (99%) in view is reported read; older ones are not observed again.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        let highest = 0;
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= 0.99) highest = Math.max(highest, Number((entry.target as HTMLElement).dataset.messageId));
        }
        if (highest > reported.current && document.visibilityState === "visible" && chatCore.markRead(chat.id, highest)) {
          reported.current = highest;
        }
      },
      { root: el, threshold: 0.99 },
    );
    el.querySelectorAll<HTMLElement>("[data-unread-candidate]").forEach((node) => {
      if (Number(node.dataset.messageId) > reported.current) observer.observe(node);
    });
    return () => observer.disconnect();
  }, [list, chat.id, connected.value, visible]);

  const onScroll = () => {
    const el = scroller.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM;
    setShowDown(!atBottom.current);
    if (atBottom.current) {
      setFresh(0);
      readAll();
    }
  };

  const removeMessage = async (m: Message) => {
    if (!(await ask(ct("chat.deleteMessageConfirm"), ct("chat.deleteMessage")))) return;
    live.sendWithReceipt(`/ws-prefix/chat/${chat.id}/message-remove/${m.id}`, {}).catch((error: { code?: string }) =>
      snack(error?.code === "disconnected" ? ct("chat.notConnected") : errorText({ code: error?.code }), "error"),
    );
  };

  return (
    <div className="chat-messages">
      <div className="chat-messages__scroll" ref={scroller} onScroll={onScroll} tabIndex={0} aria-label={ct("chat.messages")}>
        {t.hasOlder.value && (
          <button type="button" className="btn btn--ghost chat-messages__older" disabled={t.loading.value} onClick={() => loadOlder(t)}>
            {ct("chat.loadOlder")}
          </button>
        )}
        {t.failed.value && (
          <p className="chat-messages__note">
            {ct("chat.loadFailed")}{" "}
            <button type="button" className="btn btn--ghost" onClick={() => retry(t)}>
              {ct("chat.retry")}
            </button>
          </p>
        )}
        {t.loading.value && !list.length && <p className="chat-messages__note">{ct("common.loading")}</p>}
        {!t.loading.value && !t.failed.value && !list.length && !pending.length && <p className="chat-messages__note">{ct("chat.noMessages")}</p>}
        <ol className="chat-messages__list">
          {list.map((m) => (
            <MessageItem key={m.id} m={m} onRemove={removeMessage} onView={onView} />
          ))}
          {pending.map((p) => (
            <PendingItem key={p.clientId} p={p} />
          ))}
        </ol>
      </div>
      {showDown && (
        <button type="button" className="chat-down" title={ct("chat.toBottom")} aria-label={ct("chat.toBottom")} onClick={toBottom}>
          <Icon path={mdiArrowDown} />
          {fresh > 0 && <span className="chat-unread">{fresh}</span>}
        </button>
      )}
    </div>
  );
}

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

function MessageItem({ m, onRemove, onView }: { m: Message; onRemove: (m: Message) => void; onView: (file: FileRef) => void }) {
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

function PendingItem({ p }: { p: PendingMessage }) {
  return (
    <li className="chat-msg chat-msg--own chat-msg--pending" data-pending={p.clientId}>
      <div className="chat-msg__bubble">
        <div className="chat-msg__meta">
          <strong>{`${me.firstName} ${me.lastName}`}</strong>
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

const MESSAGE_MAX = 4000;

function Composer({ chat, canWrite, onDialog, onFiles }: { chat: Chat; canWrite: boolean; onDialog: (d: Dialogs) => void; onFiles: (files: File[]) => void }) {
  useSignals();
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    const body = text.trim();
    if (!body || !canWrite) return;
    chatCore.enqueue(chat.id, { text: body });
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
