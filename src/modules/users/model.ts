import { t, type Static } from "elysia";
import { ROLES } from "../../lib/roles";
import { Id } from "../../lib/ids";
import { LOCALES } from "../../lib/i18n";
import { oneOf, trimmedText } from "../../lib/schema";
import { LIMITS } from "./validation";

/** Required fields, e-mail and lengths (trimmed) are checked in the service so the spec's messages come back. */
const personFields = {
  firstName: t.Optional(trimmedText(LIMITS.name)),
  lastName: t.Optional(trimmedText(LIMITS.name)),
  email: t.Optional(trimmedText(LIMITS.email)),
  phoneNumber: t.Optional(t.Nullable(trimmedText(LIMITS.phone))),
  position: t.Optional(t.Nullable(trimmedText(LIMITS.text))),
  company: t.Optional(t.Nullable(trimmedText(LIMITS.text))),
};

export const registrationBody = t.Object({
  ...personFields,
  login: t.Optional(trimmedText(LIMITS.login)),
  password: t.Optional(trimmedText(LIMITS.password)),
});
export type RegistrationInput = Static<typeof registrationBody>;

export const profileBody = t.Object({
  id: t.Optional(t.Integer({ minimum: 1 })),
  ...personFields,
  emailNotificationsAllowed: t.Optional(t.Boolean()),
  smsNotificationsAllowed: t.Optional(t.Boolean()),
  role: t.Optional(t.Object({ groupName: oneOf(ROLES) })),
  settings: t.Optional(
    t.Object({ gisLogin: t.Optional(t.Nullable(trimmedText(LIMITS.text))), gisPassword: t.Optional(t.Nullable(trimmedText(LIMITS.text))) }),
  ),
});
export type ProfileInput = Static<typeof profileBody>;

/** Passwords are taken as typed: never trimmed or normalised. */
export const passwordChangeBody = t.Object({
  currentPassword: t.Optional(t.String({ maxLength: 1024 })),
  newPassword: t.Optional(t.String({ maxLength: LIMITS.password })),
});
export type PasswordChangeInput = Static<typeof passwordChangeBody>;

export const idQuery = t.Object({ id: Id() });
export const userIdQuery = t.Object({ userId: Id() });
export const signInLinkBody = t.Object({ token: t.String({ minLength: 1, maxLength: 200 }) });
export const localeBody = t.Object({ locale: oneOf(LOCALES) });
