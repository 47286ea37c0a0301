import { type FormEvent, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { NumberField, readNumber } from "../lib/ui/NumberField";
import "./quota-form.css";

interface Props {
  userId: number;
  /** The user's name, for the field's label. */
  name: string;
  /** The quota in MB as the page wrote it, empty for the default. */
  value: string;
  placeholder: string;
  /** The largest quota the server takes, in MB. */
  max: number;
}

/** A user's drive quota on /admin/users: saves the whole MB typed, or the default when empty. */
function Quota({ userId, name, value, placeholder, max }: Props) {
  const { t, tf, locale } = useT();
  const [text, setText] = useState(value);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const rules = { whole: true, min: 0, max };

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    const read = readNumber(text, locale, rules);
    if (!("value" in read)) return input.current!.focus();
    setBusy(true);
    try {
      await call(server.files["set-quota"].post({ userId, quotaMb: read.value }));
      snack(t("drive.quotaSaved"), "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="drive-quota__form" noValidate onSubmit={save}>
      <NumberField id={`drive-quota-${userId}`} label={tf("drive.quotaMb", { name })} labelHidden value={text} onChange={setText} placeholder={placeholder} checked={checked} inputRef={input} {...rules} />
      <button type="submit" className="btn btn--ghost" disabled={busy}>
        {t("common.save")}
      </button>
    </form>
  );
}

export default function QuotaForm({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Quota {...props} />
    </Localized>
  );
}
