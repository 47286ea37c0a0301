/** The chat list column: search, create, archive toggle, type filter and the chats, newest first. */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiArchiveArrowDownOutline, mdiArchiveArrowUpOutline, mdiArchiveOutline, mdiEarth, mdiMagnify, mdiPlus } from "./icons";
import { chatTitle } from "../../src/modules/chat/naming";
import { chatCore } from "./chat-core";
import { chats, connected, filter, isOnline, listLoaded, listSearchFocus, presence, setFilter, setShowArchived, showArchived } from "./store";
import { listTime } from "./format";
import { ct } from "./strings";
import { Icon } from "../lib/ui/Icon";
import { Avatar, ChatPreview, Spinner } from "./ui";
import type { MessageKey } from "../../locales/en";
import type { Chat, ChatFilter } from "./types";

const CreateChat = lazy(() => import("./dialogs").then((m) => ({ default: m.CreateChat })));
const BrowsePublic = lazy(() => import("./dialogs").then((m) => ({ default: m.BrowsePublic })));

/**
 * Whether a list shows `chat`: never one only visited (a data item's comments one has read); in the
 * archive view the archived ones; otherwise the others, and archived ones with unread messages (the
 * rail's badge counts them) until they are read.
 */
export const listed = (chat: Chat, archivedView: boolean) =>
  !chatCore.visiting.has(chat.id) && (archivedView ? chat.archived : !chat.archived || chat.numberOfUnreadMessages > 0);

const FILTERS: [ChatFilter, MessageKey][] = [
  ["ALL", "chat.filter.all"],
  ["PUBLIC", "chat.filter.public"],
  ["PRIVATE", "chat.filter.private"],
  ["DIRECT", "chat.filter.direct"],
  ["ISSUE", "chat.filter.issue"],
  ["DATA", "chat.filter.data"],
];

export function ChatEntry({ chat, active, onOpen, size = 38 }: { chat: Chat; active: boolean; onOpen: (id: number) => void; size?: 38 | 25 }) {
  useSignals();
  void presence.value;
  const name = chatTitle(chat);
  const online = chat.type === "DIRECT" && isOnline(chat.companionID);
  return (
    <li>
      <button type="button" className={`chat-entry${active ? " is-active" : ""}`} aria-current={active ? "true" : undefined} onClick={() => onOpen(chat.id)} data-chat-id={chat.id}>
        <Avatar name={name} size={size} online={online} />
        <span className="chat-entry__main">
          <span className="chat-entry__name">{name}</span>
          {size === 38 && <ChatPreview top={chat.topRecord} />}
        </span>
        <span className="chat-entry__side">
          {size === 38 && <time dateTime={chat.lastMessageTime}>{listTime(chat.topRecord?.createdAt ?? chat.lastMessageTime)}</time>}
          {chat.archived && (
            <span className="chat-entry__archived" title={ct("chat.archivedMark")} aria-label={ct("chat.archivedMark")} role="img">
              <Icon path={mdiArchiveOutline} />
            </span>
          )}
          {chat.numberOfUnreadMessages > 0 && (
            <span className="chat-unread" aria-label={ct("chat.unread", { count: chat.numberOfUnreadMessages })}>
              {chat.numberOfUnreadMessages > 99 ? "99+" : chat.numberOfUnreadMessages}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

export function ChatList({ activeId, onOpen }: { activeId: number | null; onOpen: (id: number) => void }) {
  useSignals();
  const [search, setSearch] = useState("");
  const searchBox = useRef<HTMLInputElement>(null);
  const focusWanted = listSearchFocus.value;
  useEffect(() => {
    if (focusWanted) searchBox.current?.focus();
  }, [focusWanted]);
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const all = chats.value.filter((c) => !chatCore.visiting.has(c.id));
  const anyArchived = all.some((c) => c.archived);
  const archivedView = showArchived.value && anyArchived;
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? all.filter((c) => chatTitle(c).toLocaleLowerCase().includes(needle))
    : all.filter((c) => listed(c, archivedView) && (filter.value === "ALL" || c.type === filter.value));

  return (
    <section className="chat-list" aria-label={ct("chat.listTitle")}>
      <div className="chat-list__head">
        <label className="chat-search">
          <Icon path={mdiMagnify} />
          <span className="visually-hidden">{ct("chat.searchPlaceholder")}</span>
          <input ref={searchBox} type="search" value={search} placeholder={ct("chat.searchPlaceholder")} autoComplete="off" maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {anyArchived && (
          <button
            type="button"
            className="chat-icon"
            aria-pressed={archivedView}
            title={archivedView ? ct("chat.showAll") : ct("chat.showArchived")}
            aria-label={archivedView ? ct("chat.showAll") : ct("chat.showArchived")}
            onClick={() => setShowArchived(!archivedView)}
          >
            <Icon path={archivedView ? mdiArchiveArrowUpOutline : mdiArchiveArrowDownOutline} />
          </button>
        )}
        <button type="button" className="chat-icon" title={ct("chat.browse")} aria-label={ct("chat.browse")} onClick={() => setBrowsing(true)}>
          <Icon path={mdiEarth} />
        </button>
        <button type="button" className="chat-icon" title={ct("chat.create")} aria-label={ct("chat.create")} onClick={() => setCreating(true)}>
          <Icon path={mdiPlus} />
        </button>
      </div>
      {!needle && (
        <div className="chat-filters" role="group" aria-label={ct("chat.filterLabel")}>
          {FILTERS.map(([value, key]) => (
            <button key={value} type="button" aria-pressed={filter.value === value} onClick={() => setFilter(value)}>
              {ct(key)}
            </button>
          ))}
        </div>
      )}
      {archivedView && !needle && <p className="chat-list__note">{ct("chat.archivedChats")}</p>}
      {!connected.value && <div className="chat-list__connecting"><Spinner label={ct("chat.connecting")} /> <span aria-hidden="true">{ct("chat.connecting")}</span></div>}
      {listLoaded.value && !shown.length && <p className="chat-list__empty">{needle ? ct("chat.nothingFound") : ct("chat.noChats")}</p>}
      <ul className="chat-list__items" aria-label={needle ? ct("chat.searchResults") : ct("chat.listTitle")}>
        {shown.map((chat) => (
          <ChatEntry key={chat.id} chat={chat} active={chat.id === activeId} onOpen={onOpen} />
        ))}
      </ul>
      {browsing && (
        <Suspense fallback={null}>
          <BrowsePublic onClose={() => setBrowsing(false)} onOpen={onOpen} />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateChat
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              setSearch("");
              onOpen(id);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
