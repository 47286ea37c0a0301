/** Small building blocks of the chat panel: icons, avatars, the list's preview line, native dialogs, a menu, a spinner. */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Dialog as SharedDialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { mdiPaperclip } from "./icons";
import { colorFromName } from "../../src/lib/colors";
import { preview } from "./format";
import type { TopRecord } from "./types";

/** The chat list's one line about the latest record: who, a paperclip and the file's name, the words without markup. */
export function ChatPreview({ top }: { top: TopRecord | null }) {
  const { who, file, text } = preview(top);
  return (
    <span className="chat-entry__preview">
      {who}
      {file !== null && (
        <>
          <Icon path={mdiPaperclip} />
          {file}
          {text && " "}
        </>
      )}
      {text}
    </span>
  );
}

/** A round initial on a colour from the name; 38, 25 or 12 px (spec 1 section 9). */
export function Avatar({ name, size = 38, online }: { name: string; size?: 38 | 25 | 12; online?: boolean }) {
  const letter = (name.trim()[0] ?? "?").toLocaleUpperCase();
  return (
    <span className={`chat-avatar chat-avatar--${size}`} style={{ background: colorFromName(name) }} aria-hidden="true">
      {size > 12 && letter}
      {online && <span className="chat-avatar__online" />}
    </span>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="chat-spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The chat's dialogs: the shared native one, at the chat's widths. */
export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  return (
    <SharedDialog title={title} onClose={onClose} className={`chat-dialog${wide ? " chat-dialog--wide" : ""}`}>
      {children}
    </SharedDialog>
  );
}

/** A button with a popup menu of actions; Escape or a click elsewhere closes it. */
export function Menu({ label, icon, children }: { label: string; icon: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>("button")?.focus();
      }
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", key);
    root.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", key);
    };
  }, [open]);
  return (
    <div className="chat-menu" ref={root}>
      <button type="button" className="chat-icon" aria-haspopup="menu" aria-expanded={open} title={label} aria-label={label} onClick={() => setOpen(!open)}>
        <Icon path={icon} />
      </button>
      {open && (
        <div className="chat-menu__panel" role="menu">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
