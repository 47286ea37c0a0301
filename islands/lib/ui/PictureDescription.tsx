/**
 * A picture's description (its alt text), asked when it is added and on the description tool: required,
 * unless the person marks the picture decorative, which stores an empty description on purpose.
 */
import { useState } from "react";
import { Dialog, DialogActions } from "./Dialog";
import { useT } from "./i18n";

interface Props {
  /** The description it has: text, "" when marked decorative, null when it has none yet. */
  alt: string | null;
  /** The description chosen ("" for decorative), or null when cancelled. */
  onDone: (alt: string | null) => void;
}

export function PictureDescription({ alt, onDone }: Props) {
  const { t } = useT();
  const [text, setText] = useState(alt ?? "");
  const [decorative, setDecorative] = useState(alt === "");
  const [error, setError] = useState<string | null>(null);
  // No form of its own: the dialog sits inside the editor's form, and a form may not hold another.
  const save = () => {
    const described = text.trim();
    if (!decorative && !described) return setError(t("wiki.altRequired"));
    onDone(decorative ? "" : described);
  };
  return (
    <Dialog title={t("wiki.altTitle")} onClose={() => onDone(null)} id="picture-description">
      <div>
        <div className="field">
          <label htmlFor="picture-alt">{t("wiki.altLabel")}</label>
          <textarea
            id="picture-alt"
            rows={3}
            maxLength={500}
            disabled={decorative}
            required={!decorative}
            aria-invalid={error ? true : undefined}
            aria-describedby="picture-alt-hint picture-alt-error"
            autoFocus
            value={decorative ? "" : text}
            onChange={(event) => setText(event.target.value)}
          />
          <span className="wiki__muted" id="picture-alt-hint">
            {t("wiki.altHint")}
          </span>
          <span className="field__error" id="picture-alt-error" aria-live="polite">
            {error}
          </span>
        </div>
        <label className="wiki__check">
          <input type="checkbox" id="picture-decorative" checked={decorative} onChange={(event) => (setDecorative(event.target.checked), setError(null))} />
          {t("wiki.altDecorative")}
        </label>
        <DialogActions label={t("common.save")} onCancel={() => onDone(null)} onAct={save} />
      </div>
    </Dialog>
  );
}
