/**
 * The React chat panel, imported on demand (islands/chat/core.ts): the drawer, the /chats page, the
 * quick list with its draggable modal window, and chat frames placed in pages (data comments). One
 * React root renders them all; page-placed parts are portals into the page's elements.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { createPortal } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiMagnify } from "./icons";
import { chatTitle } from "../../src/modules/chat/naming";
import { chatCore } from "./core";
import { ChatEntry, ChatList, listed } from "./list";
import { useNarrow } from "../lib/use-narrow";
import { ChatFrame, FirstComment } from "./frame";
import { activeChatId, chats, composerFocus, drawerOpen, embeds, findDataChat, modalChatId, pageHost, question, quickAnchor, selectChat, showChat } from "./store";
import { ct } from "./strings";
import { Icon } from "../lib/ui/Icon";
import { Confirm } from "../lib/ui/Confirm";
// Inlined and injected on first use: a plain CSS import would be hoisted into every page by Astro.
import styles from "./chat.css?inline";

/** Narrow screens show the list or the frame; this says the frame. */
const narrowFrame = signal(false);

function ChatPanel({ mode }: { mode: "drawer" | "page" }) {
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

/** Escape closes an overlay unless a dialog or the file viewer above it takes the key. */
function useEscape(close: () => void) {
  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !document.querySelector("dialog[open], .chat-viewer, .chat-menu__panel")) close();
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, []);
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round inside `box`, never into the page behind it. */
function keepFocusIn(box: HTMLElement, event: ReactKeyboardEvent) {
  if (event.key !== "Tab") return;
  const inside = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (!inside.length) return;
  const first = inside[0];
  const last = inside[inside.length - 1];
  const at = document.activeElement;
  if (event.shiftKey && (at === first || at === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && at === last) {
    event.preventDefault();
    first.focus();
  }
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
  const close = () => (quickAnchor.value = null);
  useEscape(close);
  useEffect(() => {
    box.current?.querySelector("input")?.focus();
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
        <input type="search" value={search} placeholder={ct("chat.searchPlaceholder")} autoComplete="off" maxLength={100} onChange={(e) => setSearch(e.target.value)} />
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

function Host() {
  useSignals();
  const q = question.value;
  const onChatsPage = !!pageHost.value;
  return (
    <>
      {drawerOpen.value && <Drawer />}
      {pageHost.value && createPortal(<ChatPanel mode="page" />, pageHost.value)}
      {embeds.value.map((embed) =>
        createPortal(
          embed.chatId === null ? <FirstComment dataId={embed.dataId} onCreated={(chatId) => placeComments(embed.el, embed.dataId, chatId)} /> : <ChatFrame chatId={embed.chatId} compact />,
          embed.el,
          `embed-${embed.dataId}`,
        ),
      )}
      {!onChatsPage && quickAnchor.value && <QuickList anchor={quickAnchor.value} />}
      {!onChatsPage && modalChatId.value !== null && <ModalWindow key={modalChatId.value} chatId={modalChatId.value} />}
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

let root: Root | undefined;

function ensureRoot() {
  if (root) return;
  // A constructed sheet, not a <style> element: the page's Content-Security-Policy admits no unhashed inline style element.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const el = document.createElement("div");
  el.id = "chat-root";
  document.body.append(el);
  root = createRoot(el);
  root.render(<Host />);
}

/** Opens the drawer, on a chat if given (its message box takes the focus). */
export function openDrawer(chatId?: number) {
  ensureRoot();
  quickAnchor.value = null;
  if (chatId) {
    selectChat(chatId, true);
    narrowFrame.value = true;
  }
  drawerOpen.value = true;
}

export function toggleQuickList(anchor: HTMLElement) {
  ensureRoot();
  quickAnchor.value = quickAnchor.value ? null : anchor;
}

/** The /chats page: the panel fills `el`; `chatId` is selected once the live connection is established. */
export function openPage(el: HTMLElement, chatId?: number) {
  ensureRoot();
  pageHost.value = el;
  if (!chatId) return;
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

function placeComments(el: HTMLElement, dataId: number, chatId: number | null) {
  embeds.value = [...embeds.value.filter((e) => e.el !== el), { el, dataId, chatId }];
}

/** A chat the reader may see (a task's ISSUE chat) in `el`, read without joining (see showChat). */
export async function openEmbeddedChat(el: HTMLElement, chatId: number) {
  ensureRoot();
  await showChat(chatId);
  placeComments(el, 0, chatId);
}

/** A data item's comments in `el`, read without joining; before the first comment there is no chat, and that comment makes it. */
export async function openDataComments(el: HTMLElement, dataId: number) {
  ensureRoot();
  placeComments(el, dataId, await findDataChat(dataId));
}
