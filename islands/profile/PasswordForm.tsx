import { type FormEvent, useState } from "react";
import { LIMITS } from "../../src/modules/users/validation";
import { password, required } from "../auth/forms";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { FormMessage, ProfileField } from "./ProfileField";
import { useRules } from "./useRules";

const EMPTY = { currentPassword: "", newPassword: "" };

/** Changing one's password: this browser stays signed in, the server signs out every other one. */
export function PasswordForm({ login }: { login: string }) {
  const { t, tf } = useT();
  const [values, setValues] = useState(EMPTY);
  const [message, setMessage] = useState<{ text: string; kind: "error" | "note" } | null>(null);
  const rules = useRules(values, { currentPassword: [required("profile.currentPasswordRequired")], newPassword: [required("registration.passwordRequired"), password] });
  const edit = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues({ ...values, [name]: event.target.value });
    rules.touch(name);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rules.touchAll()) return;
    try {
      await call(server.users["change-password"].post(values));
      setValues(EMPTY);
      rules.reset();
      setMessage({ text: t("profile.passwordChanged"), kind: "note" });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rules.setServer(Object.fromEntries(error.details.map((d) => [d.path.replace(/^body\./, ""), d.message])));
      setMessage({ text: errorText(error), kind: "error" });
    }
  };
  return (
    <form id="password-form" className="card profile-card" noValidate aria-labelledby="password-form-title" onSubmit={submit}>
      <h2 id="password-form-title">{t("profile.password")}</h2>
      <FormMessage message={message} />
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" value={login} autoComplete="username" hidden readOnly />
      <ProfileField name="currentPassword" label={t("profile.currentPassword")} type="password" autoComplete="current-password" maxLength={1024}
        value={values.currentPassword} onChange={edit("currentPassword")} onBlur={() => rules.touch("currentPassword")} error={rules.error("currentPassword")} />
      <ProfileField name="newPassword" label={t("profile.newPassword")} type="password" autoComplete="new-password" maxLength={LIMITS.password}
        hint={tf("registration.passwordHint", { min: LIMITS.minPassword })} met={rules.met("newPassword")}
        value={values.newPassword} onChange={edit("newPassword")} onBlur={() => rules.touch("newPassword")} error={rules.error("newPassword")} />
      <button className="btn" type="submit" disabled={!rules.valid}>
        {t("profile.changePassword")}
      </button>
    </form>
  );
}
