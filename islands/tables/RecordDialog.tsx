import { type FormEvent, useId, useState } from "react";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { Header } from "./cells";

/**
 * The new-record form: one labelled field per shown column. `add` stores the typed texts and says
 * whether it worked; the form stays open with what was typed when it did not.
 */
export function RecordDialog({ columns, add, onClose }: { columns: Header[]; add: (texts: Record<string, string>) => Promise<boolean>; onClose: () => void }) {
  const { t } = useT();
  const id = useId();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const added = await add(texts);
    setBusy(false);
    if (added) onClose();
  };
  return (
    <Dialog className="tv__dialog" title={t("table.addTitle")} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <div className="tv__fields">
          {columns.map((column, index) => (
            <div className="field" key={column.field}>
              <label htmlFor={`${id}-${index}`}>{column.name}</label>
              <input
                id={`${id}-${index}`}
                name={column.field}
                autoComplete="off"
                value={texts[column.field] ?? ""}
                onChange={(event) => setTexts({ ...texts, [column.field]: event.target.value })}
              />
            </div>
          ))}
        </div>
        <DialogActions label={t("table.add")} onCancel={onClose} disabled={busy} />
      </form>
    </Dialog>
  );
}
