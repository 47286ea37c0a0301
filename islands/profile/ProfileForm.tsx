import { type FormEvent, useState } from "react";
import { LIMITS } from "../../src/modules/users/validation";
import { email, required } from "../auth/forms";
import { ApiError } from "../lib/api";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { FormMessage, ProfileField } from "./ProfileField";
import { useRules } from "./useRules";

/** What the profile page shows of the signed-in user (their own GIS password included: it is theirs to see). */
export interface ProfileValues {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  position: string;
  company: string;
  gisLogin: string;
  gisPassword: string;
  emailNotificationsAllowed: boolean;
  smsNotificationsAllowed: boolean;
}
type TextField = Exclude<keyof ProfileValues, "login" | "emailNotificationsAllowed" | "smsNotificationsAllowed">;

/**
 * The profile form: the fields an account imported from Active Directory takes from the directory are
 * shown but locked (and not sent); the server's complaints show under their fields, what was typed stays.
 */
export function ProfileForm({ initial, locked }: { initial: ProfileValues; locked: boolean }) {
  const { t } = useT();
  const [values, setValues] = useState(initial);
  const [message, setMessage] = useState<{ text: string; kind: "error" | "note" } | null>(null);
  const rules = useRules<TextField>(values, locked ? {} : {
    firstName: [required("registration.firstNameRequired")],
    lastName: [required("registration.lastNameRequired")],
    email: [required("registration.emailRequired"), email("registration.emailInvalid")],
  });
  const text = (name: TextField, label: string, options: { autoComplete?: string; maxLength?: number; type?: string; lockable?: boolean } = {}) => (
    <ProfileField name={name} label={label} type={options.type} autoComplete={options.autoComplete} maxLength={options.maxLength}
      disabled={locked && options.lockable !== false} value={values[name]} error={rules.error(name)} onBlur={() => rules.touch(name)}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        rules.touch(name);
      }} />
  );
  const check = (name: "emailNotificationsAllowed" | "smsNotificationsAllowed", label: string) => (
    <label className="switch">
      <input type="checkbox" name={name} checked={values[name]} onChange={(event) => setValues({ ...values, [name]: event.target.checked })} /> {label}
    </label>
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rules.touchAll()) return;
    const own = (value: string) => (locked ? undefined : value);
    try {
      await call(
        server.users.save.post({
          firstName: own(values.firstName),
          lastName: own(values.lastName),
          email: own(values.email),
          phoneNumber: values.phoneNumber,
          position: own(values.position),
          company: own(values.company),
          emailNotificationsAllowed: values.emailNotificationsAllowed,
          smsNotificationsAllowed: values.smsNotificationsAllowed,
          settings: { gisLogin: values.gisLogin, gisPassword: values.gisPassword },
        }),
      );
      setMessage(null);
      snack(t("profile.saved"), "success");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rules.setServer(Object.fromEntries(error.details.map((d) => [d.path.replace(/^body\.(settings\.)?/, ""), d.message])));
      if (error.status !== 401 && error.status !== 403) setMessage({ text: error.message, kind: "error" });
    }
  };
  return (
    <form id="profile-form" className="card profile-card" noValidate onSubmit={submit}>
      <FormMessage message={message} />
      {locked && <p className="badge">{t("profile.importedFromAD")}</p>}
      <ProfileField name="login" label={t("profile.login")} value={values.login} disabled readOnly />
      {text("firstName", t("profile.firstName"), { autoComplete: "given-name", maxLength: LIMITS.name })}
      {text("lastName", t("profile.lastName"), { autoComplete: "family-name", maxLength: LIMITS.name })}
      {text("email", t("profile.email"), { type: "email", autoComplete: "email", maxLength: LIMITS.email })}
      {text("phoneNumber", t("profile.phone"), { type: "tel", autoComplete: "tel", maxLength: LIMITS.phone, lockable: false })}
      {text("position", t("profile.position"), { autoComplete: "organization-title" })}
      {text("company", t("profile.company"), { autoComplete: "organization" })}
      <fieldset className="field">
        <legend>{t("profile.notifications")}</legend>
        {check("emailNotificationsAllowed", t("profile.emailNotifications"))}
        {check("smsNotificationsAllowed", t("profile.smsNotifications"))}
      </fieldset>
      <fieldset className="field">
        <legend>{t("profile.gis")}</legend>
        {text("gisLogin", t("profile.gisLogin"), { autoComplete: "off", lockable: false })}
        {text("gisPassword", t("profile.gisPassword"), { type: "password", autoComplete: "new-password", lockable: false })}
      </fieldset>
      <button className="btn" type="submit">
        {t("common.save")}
      </button>
    </form>
  );
}
