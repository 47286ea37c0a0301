import { type FormEvent, useState } from "react";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { Version } from "./common";
import { useDates } from "../lib/ui/dates";

/** Choose two Word versions to compare; it opens on the two newest, the older as the original. */
export function CompareDialog({ words, onCompare, onClose }: { words: Version[]; onCompare: (before: Version, after: Version) => void; onClose: () => void }) {
  const { t } = useT();
  const date = useDates().stamp;
  const [original, setOriginal] = useState(words[1] ? String(words[1].id) : "");
  const [edited, setEdited] = useState(words[0] ? String(words[0].id) : "");
  const same = !!original && original === edited;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const before = words.find((v) => String(v.id) === original);
    const after = words.find((v) => String(v.id) === edited);
    if (before && after && before !== after) onCompare(before, after);
  };
  const choice = (id: string, label: string, value: string, onChange: (value: string) => void) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} required value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("docs.view.chooseVersion")}</option>
        {words.map((v) => (
          <option key={v.id} value={v.id}>{`${v.name} · ${date(v.creationDate)}`}</option>
        ))}
      </select>
    </div>
  );
  return (
    <Dialog title={t("docs.view.compareTitle")} onClose={onClose} className="docv-dialog">
      <form onSubmit={submit}>
        {choice("compare-original", t("docs.view.original"), original, setOriginal)}
        {choice("compare-edited", t("docs.view.edited"), edited, setEdited)}
        <p className="form-error" hidden={!same}>
          {t("docs.view.sameVersion")}
        </p>
        <DialogActions label={t("docs.view.compare")} onCancel={onClose} disabled={!original || !edited || same} />
      </form>
    </Dialog>
  );
}
