import { mdiClose } from "@mdi/js";
import type { FormEvent, ReactNode, RefObject } from "react";
import { LIMITS } from "../../src/modules/data/limits";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

interface CreatorFormProps {
  title: string;
  /** The dialog's id; its form's is `formId`. */
  id: string;
  formId?: string;
  submitLabel: string;
  submitId?: string;
  saving: boolean;
  /** The server's refusal, shown under the fields. */
  failure: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/** A create dialog of the lists (islands/data/creators.ts): its fields, the refusal, Cancel and the submit button. */
export function CreatorForm({ title, id, formId, submitLabel, submitId, saving, failure, onSubmit, onClose, children }: CreatorFormProps) {
  const { t } = useT();
  return (
    <Dialog title={title} className="nid" id={id} onClose={onClose}>
      <button type="button" className="dl-icon nid__close" aria-label={t("common.close")} title={t("common.close")} onClick={onClose}>
        <Icon path={mdiClose} />
      </button>
      <form
        className="nid__form"
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
      >
        <div className="nid__body">
          {children}
          <p className="form-error" role="alert" hidden={!failure}>
            {failure}
          </p>
        </div>
        <div className="nid__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn" id={submitId} disabled={saving}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A new item's name, focused first, with its error under it (ids `${id}` and `${id}-error`). */
export function NameField({ id, value, error, onChange, inputRef }: { id: string; value: string; error?: string; onChange: (value: string) => void; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t("data.wizard.name")}</label>
      <input
        id={id}
        name="name"
        maxLength={LIMITS.name}
        autoComplete="off"
        required
        autoFocus
        aria-describedby={`${id}-error`}
        aria-invalid={Boolean(error)}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="field__error" id={`${id}-error`} aria-live="polite">
        {error}
      </span>
    </div>
  );
}
