import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict, forbidden, invalid, notFound } from "../../lib/errors";
import { hasRank, ROLES, type Role } from "../../lib/roles";
import { audit } from "../audit/service";
import { revokeUserSessions } from "../auth/sessions";
import { checkEmail, checkPasswordStrength, LIMITS, requireFields } from "./validation";
import type { ProfileInput, RegistrationInput } from "./model";

export const findUserById = (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get();

export const findUserByLogin = (db: Db, login: string) =>
  db.select().from(users).where(sql`lower(${users.login}) = lower(${login})`).get();

export const findUserByEmail = (db: Db, email: string) =>
  db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).get();

function assertUnique(db: Db, login: string | undefined, email: string | undefined, exceptId?: number) {
  if (login) {
    const other = findUserByLogin(db, login);
    if (other && other.id !== exceptId) throw conflict("login_taken", "This login is already taken");
  }
  if (email) {
    const other = findUserByEmail(db, email);
    if (other && other.id !== exceptId) throw conflict("email_taken", "This e-mail is already used by another account");
  }
}

/** Self-registration: the account waits, inactive, for an administrator; administrators get NEW_USER. */
export async function register(ctx: AppContext, input: RegistrationInput, locale: string): Promise<User> {
  const details = [
    ...requireFields([
      ["firstName", input.firstName, "registration.firstNameRequired", LIMITS.name],
      ["lastName", input.lastName, "registration.lastNameRequired", LIMITS.name],
      ["login", input.login, "registration.loginRequired", LIMITS.login],
      ["email", input.email, "registration.emailRequired", LIMITS.email],
      ["password", input.password, "registration.passwordRequired", LIMITS.password],
    ]),
    ...checkEmail("email", input.email),
    ...checkPasswordStrength("password", input.password),
  ];
  if (details.length) throw invalid(details);
  const login = input.login!.trim();
  const email = input.email!.trim();
  assertUnique(ctx.db, login, email);
  const passwordHash = await Bun.password.hash(input.password!, { algorithm: "argon2id" });
  const user = ctx.db.transaction((tx) => {
    const created = tx
      .insert(users)
      .values({
        firstName: input.firstName!.trim(),
        lastName: input.lastName!.trim(),
        login,
        email,
        phoneNumber: input.phoneNumber?.trim() || null,
        position: input.position?.trim() || null,
        company: input.company?.trim() || null,
        passwordHash,
        locale,
        avatar: initialsOf(input.firstName!, input.lastName!),
        isActive: false,
        role: "USER",
      })
      .returning()
      .get();
    audit(tx, created.id, "USER_REGISTRATION", created.login);
    return created;
  });
  for (const admin of activeAdmins(ctx.db)) {
    ctx.mailer.queue("NEW_USER", admin, {
      firstName: user.firstName,
      lastName: user.lastName,
      login: user.login,
      email: user.email,
      url: `${ctx.config.publicUrl}/admin/users`,
    });
  }
  return user;
}

const initialsOf = (first: string, last: string) => `${first.trim()[0] ?? ""}${last.trim()[0] ?? ""}`.toUpperCase();

export const activeAdmins = (db: Db) =>
  db.select().from(users).where(and(eq(users.isActive, true), inArray(users.role, ["ADMIN", "SYSTEM_ADMIN"]))).all();

/** Saves a profile: one's own, or anybody's for an ADMIN who outranks them. Roles change only by SYSTEM_ADMIN. */
export function saveProfile(ctx: AppContext, actor: User, input: ProfileInput): User {
  const targetId = input.id ?? actor.id;
  const target = findUserById(ctx.db, targetId);
  if (!target) throw notFound("user");
  const self = target.id === actor.id;
  if (!self && !(hasRank(actor.role, "ADMIN") && outranksOrEqual(actor, target))) throw forbidden();
  const role = input.role?.groupName;
  if (role && role !== target.role && (!hasRank(actor.role, "SYSTEM_ADMIN") || self)) throw forbidden();

  const directoryLocked = target.isImportedFromAD;
  const details = [
    ...(directoryLocked
      ? []
      : requireFields([
          ["firstName", input.firstName ?? target.firstName, "registration.firstNameRequired", LIMITS.name],
          ["lastName", input.lastName ?? target.lastName, "registration.lastNameRequired", LIMITS.name],
          ["email", input.email ?? target.email, "registration.emailRequired", LIMITS.email],
        ])),
    ...checkEmail("email", input.email),
    ...requireLength("phoneNumber", input.phoneNumber, 32),
    ...requireLength("position", input.position, LIMITS.text),
    ...requireLength("company", input.company, LIMITS.text),
    ...requireLength("settings.gisLogin", input.settings?.gisLogin, LIMITS.text),
    ...requireLength("settings.gisPassword", input.settings?.gisPassword, LIMITS.text),
  ];
  if (details.length) throw invalid(details);
  if (!directoryLocked) assertUnique(ctx.db, undefined, input.email, target.id);

  const changes: Partial<User> = {
    phoneNumber: optional(input.phoneNumber, target.phoneNumber),
    emailNotificationsAllowed: input.emailNotificationsAllowed ?? target.emailNotificationsAllowed,
    smsNotificationsAllowed: input.smsNotificationsAllowed ?? target.smsNotificationsAllowed,
    gisLogin: optional(input.settings?.gisLogin, target.gisLogin),
    gisPassword: optional(input.settings?.gisPassword, target.gisPassword),
    role: (role as Role | undefined) ?? target.role,
  };
  if (!directoryLocked) {
    Object.assign(changes, {
      firstName: input.firstName?.trim() || target.firstName,
      lastName: input.lastName?.trim() || target.lastName,
      email: input.email?.trim() || target.email,
      position: optional(input.position, target.position),
      company: optional(input.company, target.company),
    });
  }
  return ctx.db.transaction((tx) => {
    const saved = tx.update(users).set(changes).where(eq(users.id, target.id)).returning().get();
    audit(tx, actor.id, "UPDATE", `user ${target.login}`);
    return saved;
  });
}

const optional = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : value?.trim() || null;

const requireLength = (field: string, value: string | null | undefined, max: number) =>
  value && value.length > max ? [{ path: `body.${field}`, message: "validation.tooLong", code: "validation.tooLong" }] : [];

const outranksOrEqual = (actor: User, target: User) => ROLES.indexOf(actor.role) >= ROLES.indexOf(target.role);

export function listUsers(db: Db) {
  return db.select().from(users).orderBy(users.lastName, users.firstName).all();
}

/** Activation and deactivation by an administrator, who may not act on themselves or on a higher rank. */
export function setActive(ctx: AppContext, actor: User, id: number, active: boolean): User {
  const target = findUserById(ctx.db, id);
  if (!target) throw notFound("user");
  if (target.id === actor.id || !outranksOrEqual(actor, target)) throw forbidden();
  if (target.isActive === active) return target;
  const saved = ctx.db.transaction((tx) => {
    const row = tx.update(users).set({ isActive: active }).where(eq(users.id, id)).returning().get();
    if (!active) revokeUserSessions(tx, id);
    audit(tx, actor.id, active ? "USER_ACTIVATION" : "USER_DEACTIVATION", target.login);
    return row;
  });
  if (active) {
    ctx.mailer.queue("USER_ACTIVATION", saved, { firstName: saved.firstName, login: saved.login, url: `${ctx.config.publicUrl}/login` });
  } else {
    ctx.live.disconnectUser(id);
  }
  return saved;
}

export function setLocale(db: Db, actor: User, locale: string): void {
  db.update(users).set({ locale }).where(eq(users.id, actor.id)).run();
}
