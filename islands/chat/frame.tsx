/** One chat: its header, messages and input, file drops, and the dialogs and viewer it opens. */
import { lazy, Suspense, useRef, useState, type DragEvent } from "react";
import { createPortal } from "react-dom";
import { useSignals } from "@preact/signals-react/runtime";
import { mdiUpload } from "./icons";
import { chatTitle } from "../../src/modules/chat/naming";
import { Composer } from "./composer";
import { BackButton, Header, type HeaderProps } from "./header";
import { Messages } from "./messages";
import { chats, firstComment, sendText } from "./store";
import { ct } from "./strings";
import type { Chat, FileRef } from "./types";
import { Icon } from "../lib/ui/Icon";

const Members = lazy(() => import("./dialogs").then((m) => ({ default: m.Members })));
const Rename = lazy(() => import("./dialogs").then((m) => ({ default: m.Rename })));
const Upload = lazy(() => import("./files").then((m) => ({ default: m.Upload })));
const Picker = lazy(() => import("./files").then((m) => ({ default: m.Picker })));
const Viewer = lazy(() => import("./files").then((m) => ({ default: m.Viewer })));

/** Where the frame is placed decides its header's buttons (see HeaderProps). */
export type FrameProps = Omit<HeaderProps, "chat" | "onDialog"> & { chatId: number };

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

/** A data item's comments before the first one: no chat yet; the first comment makes it. */
export function FirstComment({ dataId, onCreated }: { dataId: number; onCreated: (chatId: number) => void }) {
  return (
    <section className="chat-frame chat-frame--compact" aria-label={ct("chat.filter.data")}>
      <div className="chat-messages">
        <p className="chat-messages__note">{ct("chat.noMessages")}</p>
      </div>
      <Composer inputId={`chat-first-${dataId}`} chatId={null} canWrite onSend={async (text: string) => onCreated(await firstComment(dataId, text))} />
    </section>
  );
}

/** The dialogs a chat opens from its header and input. */
export type FrameDialog = "members" | "rename" | "upload" | "picker";

function Frame({ chat, onBack, onClose, onExpand, onDragStart, compact }: FrameProps & { chat: Chat }) {
  useSignals();
  const [dialog, setDialog] = useState<FrameDialog | null>(null);
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
      aria-label={chatTitle(chat)}
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
      <Composer inputId={`chat-input-${chat.id}`} chatId={chat.id} canWrite={canWrite} onSend={(text) => sendText(chat.id, text)} onDialog={setDialog} onFiles={openUpload} />
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

