import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "./i18n";

/** A native modal <dialog>: opened on mount, closed (and onClose called) by Escape or its buttons, focus kept inside by the browser. */
export function Dialog({ title, onClose, children, className, id: elementId }: { title: string; onClose: () => void; children: ReactNode; className?: string; id?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const closing = useRef(onClose);
  closing.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    const closed = () => closing.current();
    dialog.addEventListener("close", closed);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} id={elementId} className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </dialog>
  );
}

/** A dialog's Cancel and its one action: the form's submit button, or a button calling `onAct`. */
export function DialogActions({ label, onCancel, disabled, onAct }: { label: string; onCancel: () => void; disabled?: boolean; onAct?: () => void }) {
  const { t } = useT();
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        {t("common.cancel")}
      </button>
      <button type={onAct ? "button" : "submit"} className="btn" disabled={disabled} onClick={onAct}>
        {label}
      </button>
    </div>
  );
}
