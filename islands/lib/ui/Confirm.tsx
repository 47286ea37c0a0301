import { type ReactNode, useCallback, useRef, useState } from "react";
import { Dialog } from "./Dialog";
import { useT } from "./i18n";

/** A yes-or-no question in a native dialog; Escape or Cancel answers no, once. `list` names what the answer touches. */
export function Confirm({ title, text, confirm, onAnswer, id, list }: { title: string; text: string; confirm: string; onAnswer: (yes: boolean) => void; id?: string; list?: string[] }) {
  const { t } = useT();
  const answered = useRef(false);
  const answer = (yes: boolean) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(yes);
  };
  return (
    <Dialog title={title} id={id} onClose={() => answer(false)}>
      <p>{text}</p>
      {list && list.length > 0 && (
        <ul className="confirm__list">
          {list.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two entries may share a name; the list never reorders
            <li key={index}>{entry}</li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" autoFocus onClick={() => answer(false)}>
          {t("common.cancel")}
        </button>
        <button type="button" className="btn btn--danger" onClick={() => answer(true)}>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}

interface Question {
  title: string;
  text: string;
  confirm: string;
  /** The dialog's id, where a page's tests find it by one. */
  id?: string;
  /** What the answer touches, by name, shown as a list under the text. */
  list?: string[];
  resolve: (yes: boolean) => void;
}

/**
 * A confirmation a component can await: `const [question, ask] = useConfirm()`, render `question`,
 * then `if (await ask({ title, text, confirm })) ...`. No page has to carry a dialog for it.
 */
export function useConfirm(): [ReactNode, (question: Omit<Question, "resolve">) => Promise<boolean>] {
  const [open, setOpen] = useState<Question | null>(null);
  const ask = useCallback((question: Omit<Question, "resolve">) => new Promise<boolean>((resolve) => setOpen({ ...question, resolve })), []);
  const element = open && (
    <Confirm
      key={open.text}
      title={open.title}
      text={open.text}
      confirm={open.confirm}
      id={open.id}
      list={open.list}
      onAnswer={(yes) => {
        setOpen(null);
        open.resolve(yes);
      }}
    />
  );
  return [element, ask];
}
