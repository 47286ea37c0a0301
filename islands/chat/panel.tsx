/**
 * The chat panel, its own chunk imported on first use (load-panel.ts): the /chats page's panel, the
 * shell's overlays (the drawer, the quick list with its draggable small window, the chat's confirm
 * questions) and the frames a data item's comments or a task show (comments.tsx).
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiMagnify } from "./icons";
import { chatTitle } from "../../src/modules/chat/naming";
import { chatCore } from "./chat-core";
import { ChatEntry, ChatList, listed } from "./list";
import { useNarrow } from "../lib/use-narrow";
import { keepFocusIn, keyTakenAbove } from "../lib/focus-trap";
import { adoptStyles } from "../lib/styles";
import { ChatFrame, FirstComment } from "./frame";
import { activeChatId, chats, composerFocus, drawerOpen, modalChatId, narrowFrame, openDrawer, pageShown, question, quickAnchor, selectChat } from "./store";
import { ct } from "./strings";
import { Icon } from "../lib/ui/Icon";
import { Confirm } from "../lib/ui/Confirm";
// Adopted when this chunk loads: a plain CSS import would be hoisted into every page by Astro.
import styles from "./chat.css?inline";

adoptStyles(styles);

export { ChatFrame, FirstComment };

export function ChatPanel({ mode }: { mode: "drawer" | "page" }) {
  useSignals();
  const narrow = useNarrow();
  const active = activeChatId.value;
  const open = (id: number) => {
    selectChat(id, true);
    narrowFrame.value = true;
  };
  const framed = narrow && narrowFrame.value && active !== null;
  return (
    <div className={`chat-panel chat-panel--${mode} ${framed ? "shows-frame" : "shows-list"}`}>
      <ChatList activeId={active} onOpen={open} />
      {active !== null ? (
        <ChatFrame chatId={active} onBack={narrow ? () => (narrowFrame.value = false) : undefined} />
      ) : (
        <section className="chat-frame chat-frame--empty">
          <p>{ct("chat.pickChat")}</p>
        </section>
      )}
    </div>
  );
}

/** Escape closes an overlay unless a dialog, the file viewer or a menu above it takes the key. */
function useEscape(close: () => void) {
  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !keyTakenAbove(event, "dialog[open], .chat-viewer, .chat-menu__panel")) close();
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, []);
}

/** The modal drawer: it keeps the focus while open, Escape closes it, and the focus goes back to its opener. */
function Drawer() {
  const box = useRef<HTMLDivElement>(null);
  // Read while rendering: a chosen chat's message box takes the focus in an effect that runs first.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const close = () => (drawerOpen.value = false);
  useEscape(close);
  useEffect(() => {
    if (!box.current?.contains(document.activeElement)) box.current?.focus();
    return () => opener?.focus?.();
  }, []);
  return (
    <>
      <div className="chat-backdrop" onClick={close} />
      <div className="chat-drawer" role="dialog" aria-modal="true" aria-labelledby="chat-drawer-title" tabIndex={-1} ref={box} onKeyDown={(e) => box.current && keepFocusIn(box.current, e)}>
        <div className="chat-drawer__head">
          <h2 id="chat-drawer-title">{ct("chat.title")}</h2>
          <button type="button" className="chat-icon" title={ct("common.close")} aria-label={ct("common.close")} onClick={close}>
            <Icon path={mdiClose} />
          </button>
        </div>
        <ChatPanel mode="drawer" />
      </div>
    </>
  );
}

function QuickList({ anchor }: { anchor: HTMLElement }) {
  useSignals();
  const [search, setSearch] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = () => (quickAnchor.value = null);
  useEscape(close);
  useEffect(() => {
    input.current?.focus();
    const away = (event: Event) => {
      const target = event.target as Node;
      if (!box.current?.contains(target) && !anchor.contains(target)) close();
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, []);
  const rect = anchor.getBoundingClientRect();
  const needle = search.trim().toLocaleLowerCase();
  const shown = chats.value.filter((c) => listed(c, false) && (!needle || chatTitle(c).toLocaleLowerCase().includes(needle)));
  return (
    <div className="chat-quick" ref={box} role="dialog" aria-label={ct("chat.quickList")} style={{ left: rect.right + 8, top: Math.max(8, Math.min(rect.top, window.innerHeight - 428)) }}>
      <label className="chat-search">
        <Icon path={mdiMagnify} />
        <span className="visually-hidden">{ct("chat.searchPlaceholder")}</span>
        <input ref={input} type="search" value={search} placeholder={ct("chat.searchPlaceholder")} autoComplete="off" maxLength={100} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul className="chat-quick__items">
        {shown.map((chat) => (
          <ChatEntry
            key={chat.id}
            chat={chat}
            size={25}
            active={chat.id === modalChatId.value}
            onOpen={(id) => {
              modalChatId.value = id;
              composerFocus.value = id;
              close();
            }}
          />
        ))}
      </ul>
      {!shown.length && <p className="chat-list__empty">{search ? ct("chat.nothingFound") : ct("chat.noChats")}</p>}
      <button type="button" className="btn btn--ghost chat-quick__all" onClick={() => (close(), openDrawer())}>
        {ct("chat.openAll")}
      </button>
    </div>
  );
}

const MODAL_WIDTH = 450;
const MODAL_HEIGHT = 400;

function ModalWindow({ chatId }: { chatId: number }) {
  const [pos, setPos] = useState(() => ({ x: window.innerWidth - MODAL_WIDTH - 24, y: window.innerHeight - MODAL_HEIGHT - 24 }));
  const close = () => (modalChatId.value = null);
  const clamp = (x: number, y: number) => ({
    x: Math.min(Math.max(0, x), Math.max(0, window.innerWidth - MODAL_WIDTH)),
    y: Math.min(Math.max(0, y), Math.max(0, window.innerHeight - 48)),
  });
  const onDragStart = (event: ReactPointerEvent) => {
    if ((event.target as Element).closest("button, a, input, textarea") || event.button !== 0) return;
    const head = event.currentTarget as HTMLElement;
    const start = { px: event.clientX, py: event.clientY, ...pos };
    head.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => setPos(clamp(start.x + e.clientX - start.px, start.y + e.clientY - start.py));
    const up = () => {
      head.removeEventListener("pointermove", move);
      head.removeEventListener("pointerup", up);
      head.removeEventListener("pointercancel", up);
    };
    head.addEventListener("pointermove", move);
    head.addEventListener("pointerup", up);
    head.addEventListener("pointercancel", up);
  };
  return (
    <div className="chat-modal" style={{ left: pos.x, top: pos.y, width: MODAL_WIDTH, height: MODAL_HEIGHT }}>
      <ChatFrame
        chatId={chatId}
        compact
        onClose={close}
        onExpand={() => {
          close();
          openDrawer(chatId);
        }}
        onDragStart={onDragStart}
      />
    </div>
  );
}

/** What the shell's chat entries open over any page; on /chats the page is the panel, so only the drawer and questions. */
export function Overlays() {
  useSignals();
  const q = question.value;
  return (
    <>
      {drawerOpen.value && <Drawer />}
      {!pageShown.value && quickAnchor.value && <QuickList anchor={quickAnchor.value} />}
      {!pageShown.value && modalChatId.value !== null && <ModalWindow key={modalChatId.value} chatId={modalChatId.value} />}
      {q && (
        <Confirm
          key={q.text}
          title={ct("chat.confirmTitle")}
          text={q.text}
          confirm={q.confirm}
          onAnswer={(yes) => {
            question.value = null;
            q.resolve(yes);
          }}
        />
      )}
    </>
  );
}

/** On /chats?chat=ID: that chat is selected once the live connection has brought the list. */
export function selectWhenLoaded(chatId: number) {
  const select = () => {
    selectChat(chatId);
    narrowFrame.value = true;
  };
  if (chatCore.connected && chatCore.loaded) return select();
  const off = chatCore.on((event) => {
    if (event.kind !== "resynced") return;
    off();
    select();
  });
}
