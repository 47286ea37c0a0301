/**
 * A chat's messages: paging back, scrolling, the unread-while-away button, read tracking, groups of
 * one author's messages, the "New messages" divider with its jump button, and editing in place.
 */
import { Fragment, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiArrowDown, mdiArrowUp } from "./icons";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { sameGroup } from "./format";
import { MessageItem, PendingItem } from "./message-item";
import { ask, composerFocus, connected, editingId, markRead, me, outbox, removeMessage } from "./store";
import { ct } from "./strings";
import { loadOlder, retry, thread, type Thread } from "./threads";
import type { Chat, FileRef, Message } from "./types";
import { Icon } from "../lib/ui/Icon";

const AT_BOTTOM = 48;
/** How many older pages the divider may load to reach the first unread message. */
const UNREAD_PAGES = 10;

/**
 * The first message unread when the chat was opened: the `unread`-th from the end of those that
 * count as unread (by someone else, not deleted), loading older pages while it is further back.
 * Decided once; the divider then stays where it was while the chat is open.
 */
function useFirstUnread(t: Thread, unread: number): number | null {
  const [first, setFirst] = useState<number | null>(null);
  const settled = useRef(unread === 0);
  const pages = useRef(0);
  const list = t.messages.value;
  const loading = t.loading.value;
  useEffect(() => {
    if (settled.current || loading || !list.length) return;
    const counted = list.filter((m) => m.authorID !== me.id && m.messageKey !== "DELETED");
    if (counted.length < unread && t.hasOlder.value && pages.current < UNREAD_PAGES) {
      pages.current++;
      void loadOlder(t);
      return;
    }
    settled.current = true;
    setFirst(counted[Math.max(0, counted.length - unread)]?.id ?? null);
  }, [list, loading]);
  return first;
}

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

/** Read tracking: an incoming message fully (99%) in view is reported read; older ones are not observed again. */
function useReadTracking(scroller: RefObject<HTMLDivElement | null>, chatId: number, reported: RefObject<number>, when: unknown[]) {
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        let highest = 0;
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= 0.99) highest = Math.max(highest, Number((entry.target as HTMLElement).dataset.messageId));
        }
        if (highest > reported.current && document.visibilityState === "visible" && markRead(chatId, highest)) {
          reported.current = highest;
        }
      },
      { root: el, threshold: 0.99 },
    );
    el.querySelectorAll<HTMLElement>("[data-unread-candidate]").forEach((node) => {
      if (Number(node.dataset.messageId) > reported.current) observer.observe(node);
    });
    return () => observer.disconnect();
  }, when);
}

/** Whether `target` is above the view of `root` (the unread divider: its jump button shows then); watched again when `key` changes. */
function useAbove(target: RefObject<HTMLElement | null>, root: RefObject<HTMLElement | null>, key: unknown) {
  const [above, setAbove] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || !root.current) return;
    const observer = new IntersectionObserver(([entry]) => setAbove(!entry.isIntersecting && entry.boundingClientRect.top < (entry.rootBounds?.top ?? 0)), { root: root.current });
    observer.observe(el);
    return () => observer.disconnect();
  }, [key]);
  return above;
}

export function Messages({ chat, onView }: { chat: Chat; onView: (file: FileRef) => void }) {
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
  const firstUnread = useFirstUnread(t, useRef(chat.numberOfUnreadMessages).current);
  const divider = useRef<HTMLLIElement>(null);

  /** At the bottom everything has been seen, even a message too tall to be 99% in view. */
  const readAll = () => {
    const latest = [...t.messages.value].reverse().find((m) => m.authorID !== me.id && m.messageKey !== "DELETED");
    if (latest && latest.id > reported.current && document.visibilityState === "visible" && markRead(chat.id, latest.id)) {
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

  useReadTracking(scroller, chat.id, reported, [list, chat.id, connected.value, visible]);
  const dividerAbove = useAbove(divider, scroller, firstUnread);

  const jumpToUnread = () => {
    divider.current?.scrollIntoView({ block: "start" });
    divider.current?.focus({ preventScroll: true });
  };

  // Leaving the chat ends an edit begun in it.
  useEffect(
    () => () => {
      if (t.messages.value.some((m) => m.id === editingId.value)) editingId.value = null;
    },
    [],
  );

  /** Editing ends (saved or not): the message box has the keyboard again. */
  const edit = (m: Message | null) => {
    editingId.value = m?.id ?? null;
    if (!m) composerFocus.value = chat.id;
  };

  const onScroll = () => {
    const el = scroller.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM;
    setShowDown(!atBottom.current);
    if (atBottom.current) {
      setFresh(0);
      readAll();
    }
  };

  const remove = async (m: Message) => {
    if (!(await ask(ct("chat.deleteMessageConfirm"), ct("chat.deleteMessage")))) return;
    removeMessage(chat.id, m.id).catch((error: { code?: string }) =>
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
          {list.map((m, i) => (
            <Fragment key={m.id}>
              {m.id === firstUnread && (
                <li className="chat-divider" ref={divider} tabIndex={-1}>
                  <span>{ct("chat.newMessages")}</span>
                </li>
              )}
              <MessageItem m={m} grouped={m.id !== firstUnread && sameGroup(list[i - 1], m)} editing={editingId.value === m.id} onEdit={edit} onRemove={remove} onView={onView} />
            </Fragment>
          ))}
          {pending.map((p, i) => (
            <PendingItem key={p.clientId} p={p} grouped={i > 0 || sameGroup(list.at(-1), { authorID: me.id, createdAt: p.createdAt, messageKey: "DEFAULT" })} />
          ))}
        </ol>
      </div>
      {dividerAbove && (
        <button type="button" className="chat-jump" onClick={jumpToUnread}>
          <Icon path={mdiArrowUp} />
          {ct("chat.jumpToUnread")}
        </button>
      )}
      {showDown && (
        <button type="button" className="chat-down" title={ct("chat.toBottom")} aria-label={ct("chat.toBottom")} onClick={toBottom}>
          <Icon path={mdiArrowDown} />
          {fresh > 0 && <span className="chat-unread">{fresh}</span>}
        </button>
      )}
    </div>
  );
}
