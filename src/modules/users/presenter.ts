import type { User } from "../../../db/schema";

/** The user as others may see it: never the password hash, never the GIS password. */
export function presentUser(user: User) {
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
    isImportedFromAD: user.isImportedFromAD,
    emailNotificationsAllowed: user.emailNotificationsAllowed,
    smsNotificationsAllowed: user.smsNotificationsAllowed,
    settings: { gisLogin: user.gisLogin },
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;
