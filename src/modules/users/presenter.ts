import { t, type Static } from "elysia";
import type { User } from "../../../db/schema";
import { ROLES } from "../../lib/roles";
import { isoDate } from "../../lib/responses";
import { LOCALES } from "../../lib/i18n";
import { integer, oneOf } from "../../lib/schema";

export const roleSchema = t.Object({ groupName: oneOf(ROLES) });

/** The user as others may see it: never the password hash, never the GIS password. */
export const userSchema = t.Object({
  id: integer(),
  firstName: t.String(),
  lastName: t.String(),
  login: t.String(),
  email: t.String(),
  phoneNumber: t.Nullable(t.String()),
  position: t.Nullable(t.String()),
  company: t.Nullable(t.String()),
  role: roleSchema,
  avatar: t.Nullable(t.String()),
  locale: t.Nullable(t.String()),
  registrationDate: isoDate(),
  lastLoginDate: t.Nullable(isoDate()),
  lastLogoutDate: t.Nullable(isoDate()),
  isActive: t.Boolean(),
  /** When an administrator first activated the account: inactive with a date is deactivated, without one waiting for activation. */
  activatedAt: t.Nullable(isoDate()),
  isImportedFromAD: t.Boolean(),
  emailNotificationsAllowed: t.Boolean(),
  smsNotificationsAllowed: t.Boolean(),
  settings: t.Object({ gisLogin: t.Nullable(t.String()) }),
});
export type PresentedUser = Static<typeof userSchema>;

/** The user's own GIS login and password (users/get-settings). */
export const gisSettingsSchema = t.Object({ gisLogin: t.Nullable(t.String()), gisPassword: t.Nullable(t.String()) });

export const localeSchema = t.Object({ locale: oneOf(LOCALES) });

export function presentUser(user: User): PresentedUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    login: user.login,
    email: user.email,
    phoneNumber: user.phoneNumber,
    position: user.position,
    company: user.company,
    role: { groupName: user.role },
    avatar: user.avatar,
    locale: user.locale,
    registrationDate: user.registrationDate,
    lastLoginDate: user.lastLoginDate,
    lastLogoutDate: user.lastLogoutDate,
    isActive: user.isActive,
    activatedAt: user.activatedAt,
    isImportedFromAD: user.isImportedFromAD,
    emailNotificationsAllowed: user.emailNotificationsAllowed,
    smsNotificationsAllowed: user.smsNotificationsAllowed,
    settings: { gisLogin: user.gisLogin },
  };
}
