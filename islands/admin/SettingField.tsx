import { type Ref, useState } from "react";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { type SettingRow, settingUnderstood } from "./setting-checks";

interface Props {
  row: SettingRow;
  label: string;
  value: string;
  /** The value as last saved (Show fetches a secured value only while the field still holds it). */
  saved: string;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  /** A secured value fetched by Show becomes the field's value and its saved value. */
  onRevealed: (value: string) => void;
}

/** A checkbox for a boolean setting; a text field otherwise, with Show for a secured value and, for numbers, what the text reads as. */
export function SettingField({ row, label, value, saved, error, inputRef, onChange, onRevealed }: Props) {
  const strings = useT();
  const { t } = strings;
  const [shown, setShown] = useState(false);
  const id = `setting-${row.label}`;
  if (row.kind === "boolean")
    return (
      <label className="settings__check">
        <input ref={inputRef} type="checkbox" name={row.label} checked={value === "true"} onChange={(event) => onChange(String(event.target.checked))} />
        {label}
      </label>
    );

  async function toggle() {
    if (!shown && value === saved) {
      try {
        onRevealed((await call(server.settings.reveal.post({}, { query: { label: row.label } }))).body);
      } catch (failure) {
        return reportFailure(failure);
      }
    }
    setShown(!shown);
  }

  const numeric = row.kind === "port" || row.kind === "number";
  const understood = settingUnderstood(strings, row, value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={`settings__value${row.isSecured ? " settings__value--secret" : ""}`}>
        <input
          ref={inputRef}
          id={id}
          name={row.label}
          autoComplete="off"
          type={row.isSecured && !shown ? "password" : "text"}
          inputMode={numeric ? "numeric" : undefined}
          value={value}
          placeholder={row.isSecured ? t(row.isSet ? "admin.settings.secretSet" : "admin.settings.secretEmpty") : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-understood ${id}-error`}
          onChange={(event) => onChange(event.target.value)}
        />
        {row.isSecured && (
          <button type="button" className="btn btn--ghost" aria-pressed={shown} disabled={!row.isSet} aria-label={`${t("admin.settings.show")}: ${label}`} onClick={toggle}>
            {t(shown ? "admin.settings.hide" : "admin.settings.show")}
          </button>
        )}
      </div>
      <span className="number-input__hint" id={`${id}-understood`} aria-live="polite">
        {understood}
      </span>
      <p className="field__error" id={`${id}-error`}>
        {error}
      </p>
    </div>
  );
}
