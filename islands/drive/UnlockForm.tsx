import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { Localized, useT } from "../lib/ui/i18n";
import "./shared-file.css";

/** The password form of a protected link: on success the page loads again, now with the file. */
function Unlock({ token }: { token: string }) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => input.current!.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return input.current!.focus();
    setBusy(true);
    setError("");
    try {
      await call(server.files["unlock-share"]({ token }).post({ password }), { raw: true });
      location.reload();
    } catch (failure) {
      setError(errorText(failure));
      input.current!.select();
      setBusy(false);
    }
  }

  return (
    <form className="sf-closed__form" noValidate onSubmit={submit}>
      <p>{t("drive.lockedText")}</p>
      <label htmlFor="sf-password">{t("drive.password")}</label>
      <input
        id="sf-password"
        ref={input}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        required
        aria-describedby="sf-unlock-error"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p id="sf-unlock-error" className="sf-closed__error" role="alert">
        {error}
      </p>
      <button type="submit" className="btn" disabled={busy}>
        {t("drive.unlock")}
      </button>
    </form>
  );
}

export default function UnlockForm({ locale, token }: { locale: Locale; token: string }) {
  return (
    <Localized locale={locale}>
      <Unlock token={token} />
    </Localized>
  );
}
