import { type FormEvent, useState } from "react";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The test mail: Send stays off while the address is empty or malformed; a refusal is said in the dialog. */
export function TestMailDialog({ close }: { close: () => void }) {
  const { t, tf } = useT();
  const [address, setAddress] = useState("");
  const [touched, setTouched] = useState(false);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const trimmed = address.trim();
  const problem = !trimmed ? t("admin.settings.emptyEmail") : EMAIL_PATTERN.test(trimmed) ? null : t("admin.settings.invalidEmail");

  async function send(event: FormEvent) {
    event.preventDefault();
    if (problem) return setTouched(true);
    setBusy(true);
    setMessage("");
    try {
      await call(server.settings["send-test-message"].post({}, { query: { email: trimmed } }));
      close();
      snack(tf("admin.settings.testMailSent", { email: trimmed }), "success");
    } catch (error) {
      setMessage(errorText(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("admin.settings.testMail")} onClose={close}>
      <form noValidate onSubmit={send}>
        <div className="field">
          <label htmlFor="test-mail-email">{t("admin.settings.testMailTo")}</label>
          <input
            id="test-mail-email"
            name="email"
            type="email"
            autoComplete="email"
            aria-invalid={touched && Boolean(problem)}
            aria-describedby="test-mail-email-error"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setTouched(true);
            }}
          />
          <p className="field__error" id="test-mail-email-error">
            {touched ? problem : null}
          </p>
        </div>
        {message && <p role="alert">{message}</p>}
        <DialogActions label={t("admin.settings.testMailSend")} onCancel={close} disabled={Boolean(problem) || busy} />
      </form>
    </Dialog>
  );
}
