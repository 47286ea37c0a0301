import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict, forbidden, invalid, notFound, tooManyRequests } from "../../lib/errors";
import { log } from "../../lib/log";
import { hasRank, type Role } from "../../lib/roles";
import { audit } from "../audit/service";
import { joinPublicChats } from "../chat/membership";
import { FailureLimiter } from "../auth/rate-limit";
import { revokeResetTokens } from "../password-reset/service";
import {
  canonicalLogin,
  checkEmail,
  checkLogin,
  checkPasswordStrength,
  checkOptionalPersonText,
  checkText,
  LIMITS,
  normalizeEmail,
  normalizeLogin,
  normalizeText,
  requireFields,
} from "./validation";
import type { ProfileInput, RegistrationInput } from "./model";
import { checkRoleChange, outranks } from "./role-change";

export const findUserById = (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get();

/** The active users among `ids` (missing and inactive ones are left out). */
export const findActiveUsers = (db: Db, ids: number[]) =>
  ids.length ? db.select().from(users).where(and(inArray(users.id, ids), eq(users.isActive, true))).all() : [];

/** Every active user by first and last name: whom one may write to or invite to a chat. */
export const activeUsersByName = (db: Db) => db.select().from(users).where(eq(users.isActive, true)).orderBy(asc(users.firstName), asc(users.lastName)).all();

/**
 * The account a typed login names, compared in lower case in every script ("ИВАН" is "Иван"). An account
 * left without a key (a duplicate from before the key existed: fillLoginKeys) answers to its exact login,
 * first, so that it can still sign in although its lower-case form is the older account's key.
 */
export function findUserByLogin(db: Executor, login: string) {
  const exact = normalizeLogin(login);
  // lower(login) first, so that SQLite walks the users_login_unique index instead of the whole table.
  const unkeyed = and(sql`lower(${users.login}) = lower(${exact})`, eq(users.login, exact), isNull(users.loginKey));
  return db.select().from(users).where(unkeyed).get() ?? db.select().from(users).where(eq(users.loginKey, canonicalLogin(login))).get();
}

/**
 * Gives every account without one its login key (on start). Keys are made here, not in SQL, because
 * SQLite's lower() folds ASCII only. Accounts whose key an older account already holds (logins that
 * differed only by the case of non-Latin letters were accepted before) keep none, sign in with their
 * exact login, and are logged each start until an administrator sorts them out; the oldest keeps the key.
 */
export function fillLoginKeys(db: Db): void {
  const missing = db.select({ id: users.id, login: users.login }).from(users).where(isNull(users.loginKey)).orderBy(asc(users.id)).all();
  for (const { id, login } of missing) {
    const key = canonicalLogin(login);
    const holder = db.select({ id: users.id }).from(users).where(eq(users.loginKey, key)).get();
    if (holder) log.warn("users.login_duplicate", { id, login, sameAs: holder.id });
    else db.update(users).set({ loginKey: key }).where(eq(users.id, id)).run();
  }
}

export const findUserByEmail = (db: Executor, email: string) =>
  db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).get();

function assertUnique(db: Executor, login: string | undefined, email: string | undefined, exceptId?: number) {
  if (login) {
    const other = findUserByLogin(db, login);
    if (other && other.id !== exceptId) throw conflict("login_taken", "This login is already taken");
  }
  if (email) {
    const other = findUserByEmail(db, email);
    if (other && other.id !== exceptId) throw conflict("email_taken", "This e-mail is already used by another account");
  }
}

const HOUR = 60 * 60 * 1000;
/** Registrations per address and hour (each mails every administrator); per app, in memory like the sign-in limits. */
export const REGISTRATIONS_PER_HOUR = 5;
const registrationLimits = new WeakMap<AppContext, FailureLimiter>();
function registrationLimit(ctx: AppContext) {
  let limiter = registrationLimits.get(ctx);
  if (!limiter) registrationLimits.set(ctx, (limiter = new FailureLimiter(REGISTRATIONS_PER_HOUR, HOUR)));
  return limiter;
}

/**
 * Self-registration: the account waits, inactive, for an administrator; administrators get NEW_USER.
 * Logins are NFKC-normalised and must be written in one script (validation.ts); every attempt that
 * passes validation counts against the caller's address, five an hour.
 */
export async function register(ctx: AppContext, input: RegistrationInput, locale: string, address: string): Promise<User> {
  const login = input.login === undefined ? undefined : normalizeLogin(input.login);
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  const firstName = input.firstName === undefined ? undefined : normalizeText(input.firstName);
  const lastName = input.lastName === undefined ? undefined : normalizeText(input.lastName);
  const details = [
    ...requireFields([
      ["firstName", firstName, "registration.firstNameRequired", LIMITS.name],
      ["lastName", lastName, "registration.lastNameRequired", LIMITS.name],
      ["login", login, "registration.loginRequired", LIMITS.login],
      ["email", email, "registration.emailRequired", LIMITS.email],
      ["password", input.password, "registration.passwordRequired", LIMITS.password],
    ]),
    ...checkText("firstName", firstName),
    ...checkText("lastName", lastName),
    ...checkLogin("login", login),
    ...checkEmail("email", email),
    ...checkOptionalPersonText(input),
    ...checkPasswordStrength("password", input.password),
  ];
  if (details.length) throw invalid(dedupeByPath(details));
  const limiter = registrationLimit(ctx);
  if (limiter.isBlocked(address)) throw tooManyRequests("Too many registrations from this address; try again later");
  limiter.fail(address);
  assertUnique(ctx.db, login, email);
  const passwordHash = await Bun.password.hash(input.password!, { algorithm: "argon2id" });
  const user = ctx.db.transaction((tx) => {
    assertUnique(tx, login, email); // again: another registration may have taken them while the password was hashed
    const created = tx
      .insert(users)
      .values({
        firstName: firstName!,
        lastName: lastName!,
        login: login!,
        loginKey: canonicalLogin(login!),
        email: email!,
        phoneNumber: input.phoneNumber ? normalizeText(input.phoneNumber) || null : null,
        position: input.position ? normalizeText(input.position) || null : null,
        company: input.company ? normalizeText(input.company) || null : null,
        passwordHash,
        locale,
        avatar: initialsOf(firstName!, lastName!),
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

/** One message per field: the first problem found (a blank login is not also "invalid"). */
const dedupeByPath = <T extends { path: string }>(details: T[]) =>
  details.filter((detail, i) => details.findIndex((other) => other.path === detail.path) === i);

const initialsOf = (first: string, last: string) => `${first.trim()[0] ?? ""}${last.trim()[0] ?? ""}`.toUpperCase();

export const activeAdmins = (db: Db) =>
  db.select().from(users).where(and(eq(users.isActive, true), inArray(users.role, ["ADMIN", "SYSTEM_ADMIN"]))).all();

/** Saves a profile: one's own, or anybody's for an ADMIN who outranks them. Roles change by role-change.ts's rule. */
export function saveProfile(ctx: AppContext, actor: User, input: ProfileInput): User {
  const targetId = input.id ?? actor.id;
  const target = findUserById(ctx.db, targetId);
  if (!target) throw notFound("user");
  const self = target.id === actor.id;
  // Nobody manages an equal: an ADMIN edits USERs and MODERATORs, a SYSTEM_ADMIN also ADMINs; everyone edits themselves.
  if (!self && !(hasRank(actor.role, "ADMIN") && outranks(actor, target))) throw forbidden();
  const role = input.role?.groupName;
  if (role && role !== target.role) checkRoleChange(ctx.db, actor, target, role);

  const directoryLocked = target.isImportedFromAD;
  const text = (value: string | null | undefined) => (typeof value === "string" ? normalizeText(value) : value);
  const firstName = text(input.firstName) ?? undefined;
  const lastName = text(input.lastName) ?? undefined;
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  const details = [
    ...(directoryLocked
      ? directoryFieldChanges(target, { firstName, lastName, email, position: text(input.position), company: text(input.company) })
      : requireFields([
          ["firstName", firstName ?? target.firstName, "registration.firstNameRequired", LIMITS.name],
          ["lastName", lastName ?? target.lastName, "registration.lastNameRequired", LIMITS.name],
          ["email", email ?? target.email, "registration.emailRequired", LIMITS.email],
        ])),
    ...checkEmail("email", email),
    ...checkText("firstName", firstName),
    ...checkText("lastName", lastName),
    ...checkOptionalPersonText(input),
    ...requireLength("phoneNumber", input.phoneNumber, LIMITS.phone),
    ...requireLength("position", input.position, LIMITS.text),
    ...requireLength("company", input.company, LIMITS.text),
    ...requireLength("settings.gisLogin", input.settings?.gisLogin, LIMITS.text),
    ...requireLength("settings.gisPassword", input.settings?.gisPassword, LIMITS.text),
  ];
  if (details.length) throw invalid(dedupeByPath(details));
  if (!directoryLocked) assertUnique(ctx.db, undefined, email, target.id);

  const changes: Partial<User> = {
    phoneNumber: optional(input.phoneNumber, target.phoneNumber),
    emailNotificationsAllowed: input.emailNotificationsAllowed ?? target.emailNotificationsAllowed,
    smsNotificationsAllowed: input.smsNotificationsAllowed ?? target.smsNotificationsAllowed,
    gisLogin: secret(input.settings?.gisLogin, target.gisLogin),
    gisPassword: secret(input.settings?.gisPassword, target.gisPassword),
    role: (role as Role | undefined) ?? target.role,
  };
  if (!directoryLocked) {
    Object.assign(changes, {
      firstName: firstName || target.firstName,
      lastName: lastName || target.lastName,
      email: email || target.email,
      position: optional(input.position, target.position),
      company: optional(input.company, target.company),
    });
  }
  const emailChanged = changes.email !== undefined && changes.email !== target.email;
  const updated = ctx.db.transaction((tx) => {
    const saved = tx.update(users).set(changes).where(eq(users.id, target.id)).returning().get();
    audit(tx, actor.id, "UPDATE", `user ${target.login}`);
    if (saved.role !== target.role) audit(tx, actor.id, "UPDATE", `role of ${target.login}: ${target.role} -> ${saved.role}`);
    if (emailChanged) {
      audit(tx, actor.id, "EMAIL_CHANGE", `user ${target.login}: ${target.email} -> ${saved.email}`);
      // A reset link mailed to the old address must not outlive the change.
      revokeResetTokens(tx, target.id);
    }
    return saved;
  });
  // The old address learns of the change, in its owner's language, whoever made it.
  if (emailChanged) {
    ctx.mailer.queue("EMAIL_CHANGED", { email: target.email, locale: target.locale }, {
      firstName: updated.firstName,
      login: updated.login,
      oldEmail: target.email,
      newEmail: updated.email,
      changedBy: `${actor.firstName} ${actor.lastName} (${actor.login})`,
    });
  }
  if (updated.role !== target.role) ctx.live.recheckUser(updated.id); // live connections lose what the old role allowed
  return updated;
}

/** An imported user's login, names, e-mail, position and company are the directory's: a save that changes one is refused. */
function directoryFieldChanges(target: User, given: Partial<Record<"firstName" | "lastName" | "email" | "position" | "company", string | null>>) {
  return Object.entries(given)
    .filter(([field, value]) => value !== undefined && (value || null) !== (target[field as keyof typeof given] || null))
    .map(([field]) => ({ path: `body.${field}`, message: "directory.readOnly", code: "directory.readOnly" }));
}

const optional = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : (value && normalizeText(value)) || null;
/** Credentials are kept as typed (trimmed): normalising a password would change it. */
const secret = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : value?.trim() || null;

const requireLength = (field: string, value: string | null | undefined, max: number) =>
  value && value.length > max ? [{ path: `body.${field}`, message: "validation.tooLong", code: "validation.tooLong" }] : [];


export function listUsers(db: Db) {
  return db.select().from(users).orderBy(users.lastName, users.firstName).all();
}

/** Activation and deactivation by an administrator, who may not act on themselves, an equal or a higher rank. */
export function setActive(ctx: AppContext, actor: User, id: number, active: boolean): User {
  const target = findUserById(ctx.db, id);
  if (!target) throw notFound("user");
  if (target.id === actor.id || !outranks(actor, target)) throw forbidden();
  if (target.isActive === active) return target;
  const { row: saved, afterCommit } = ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      // An account switched on now, or switched off after being on, has been activated: the first date stays.
      // An administrator's switch overrules the directory's: a later sync does not switch this account on again.
      .set({ isActive: active, activatedAt: target.activatedAt ?? new Date(), disabledInDirectory: false })
      .where(eq(users.id, id))
      .returning()
      .get();
    if (active) joinPublicChats(tx, id);
    const then = active ? undefined : ctx.lifecycle.emit(tx, "userDeactivated", { userId: id });
    audit(tx, actor.id, active ? "USER_ACTIVATION" : "USER_DEACTIVATION", target.login);
    return { row, afterCommit: then };
  });
  if (active) {
    ctx.mailer.queue("USER_ACTIVATION", saved, { firstName: saved.firstName, login: saved.login, url: `${ctx.config.publicUrl}/login` });
  } else {
    afterCommit?.();
  }
  return saved;
}

export function setLocale(db: Db, actor: User, locale: string): void {
  db.update(users).set({ locale }).where(eq(users.id, actor.id)).run();
}
