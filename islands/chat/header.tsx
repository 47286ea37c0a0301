/** A chat's header: its name (a DATA chat's links to its item, an ISSUE chat's to its task), presence, and the chat's actions. */
import { useEffect, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiAccountMultiple, mdiArrowLeft, mdiBellOffOutline, mdiBellOutline, mdiClose, mdiDotsVertical, mdiOpenInNew } from "./icons";
import { dataItemPath } from "../../src/lib/data-paths";
import { chatTitle } from "../../src/modules/chat/naming";
import { reportFailure } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { lastSeen } from "./format";
import type { FrameDialog } from "./frame";
import { ask, chatData, chatTask, deleteChat, isOnline, lastSeenOf, me, presence, setSubscribed, toggleArchived } from "./store";
import { ct } from "./strings";
import type { Chat } from "./types";
import { Icon } from "../lib/ui/Icon";
import { Avatar, Menu } from "./ui";

export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="chat-icon chat-frame__back" title={ct("chat.back")} aria-label={ct("chat.back")} onClick={onBack}>
      <Icon path={mdiArrowLeft} />
    </button>
  );
}

export interface HeaderProps {
  chat: Chat;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
  /** The modal window: close it, or move it to the drawer. */
  onClose?: () => void;
  onExpand?: () => void;
  /** Pointer down on the header of the draggable modal. */
  onDragStart?: (event: ReactPointerEvent) => void;
  onDialog: (dialog: FrameDialog) => void;
  compact?: boolean;
}

/** Runs a chat action, showing its failure. */
const attempt = (action: () => Promise<unknown>) => action().catch(reportFailure);

export function Header({ chat, onBack, onClose, onExpand, onDragStart, onDialog, compact }: HeaderProps) {
  useSignals();
  void presence.value;
  const [, tick] = useState(0);
  const [item, setItem] = useState<{ href: string; name: string } | null>(null);
  const name = chatTitle(chat);
  const isOwner = chat.ownerID === me.id;
  const named = chat.type === "PUBLIC" || chat.type === "PRIVATE";

  // 'last seen' is refreshed every 60 s.
  useEffect(() => {
    if (chat.type !== "DIRECT") return;
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, [chat.type]);

  useEffect(() => {
    if ((chat.type !== "DATA" && chat.type !== "ISSUE") || compact) return;
    let current = true;
    const link = chat.type === "DATA"
      ? chatData(chat.id).then((data) => ({ href: dataItemPath(data.project.id, data.dataType, data.id), name: data.name }))
      : chatTask(chat.id).then((task) => ({ href: `/project/${task.project.id}/issue/${task.id}`, name: task.name }));
    link.then((found) => current && setItem(found)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [chat.id, chat.type, compact]);

  const companion = chat.type === "DIRECT" ? chat.companionID : null;
  const online = isOnline(companion);
  const status = companion === null ? "" : online ? ct("chat.online") : lastSeen(lastSeenOf(companion, chat.companionLogoutTime));

  const toggleSubscription = async () => {
    if (chat.subscribed && !(await ask(ct("chat.unsubscribeConfirm"), ct("chat.unsubscribe")))) return;
    await attempt(() => setSubscribed(chat, !chat.subscribed));
  };
  const archive = () =>
    attempt(async () => snack(ct((await toggleArchived(chat)) ? "chat.archivedDone" : "chat.unarchivedDone"), "success"));
  const remove = async () => {
    if (!(await ask(ct("chat.deleteConfirm", { name }), ct("chat.delete")))) return;
    await attempt(() => deleteChat(chat));
  };

  return (
    <header className={`chat-frame__head${onDragStart ? " is-draggable" : ""}`} onPointerDown={onDragStart}>
      {onBack && <BackButton onBack={onBack} />}
      {!compact && <Avatar name={name} size={38} online={online} />}
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
