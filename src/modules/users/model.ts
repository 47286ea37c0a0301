import { t, type Static } from "elysia";
import { ROLES } from "../../lib/roles";
import { Id } from "../../lib/ids";

const text = (max: number) => t.String({ maxLength: max });

/** Loose on purpose: required fields and e-mail are checked in the service so the spec's messages come back. */
export const registrationBody = t.Object({
  firstName: t.Optional(text(1000)),
  lastName: t.Optional(text(1000)),
  login: t.Optional(text(1000)),
  email: t.Optional(text(1000)),
  password: t.Optional(text(1000)),
  phoneNumber: t.Optional(t.Nullable(text(1000))),
  position: t.Optional(t.Nullable(text(1000))),
  company: t.Optional(t.Nullable(text(1000))),
});
export type RegistrationInput = Static<typeof registrationBody>;

export const profileBody = t.Object({
  id: t.Optional(t.Integer({ minimum: 1 })),
  firstName: t.Optional(text(1000)),
  lastName: t.Optional(text(1000)),
  email: t.Optional(text(1000)),
  phoneNumber: t.Optional(t.Nullable(text(1000))),
  position: t.Optional(t.Nullable(text(1000))),
  company: t.Optional(t.Nullable(text(1000))),
  emailNotificationsAllowed: t.Optional(t.Boolean()),
  smsNotificationsAllowed: t.Optional(t.Boolean()),
  role: t.Optional(t.Object({ groupName: t.UnionEnum(ROLES) })),
  settings: t.Optional(
    t.Object({ gisLogin: t.Optional(t.Nullable(text(1000))), gisPassword: t.Optional(t.Nullable(text(1000))) }),
  ),
});
export type ProfileInput = Static<typeof profileBody>;

export const idQuery = t.Object({ id: Id() });
export const localeBody = t.Object({ locale: t.UnionEnum(["en", "ru", "es"]) });
