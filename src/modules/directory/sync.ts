import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict } from "../../lib/errors";
import { log } from "../../lib/log";
import { audit } from "../audit/service";
import { joinPublicChats } from "../chat/membership";
import { isLastSystemAdmin } from "../users/role-change";
import { findUserByEmail, findUserByLogin } from "../users/service";
import { canonicalLogin, checkEmail, checkText, LIMITS, loginProblem, normalizeEmail, normalizeLogin, normalizeText } from "../users/validation";
import { searchPeople, type Person } from "./client";
import { directoryConfig, directoryTransport, type DirectorySetting } from "./config";

/** Why an entry was not imported; at most MAX_SKIPPED are listed. */
export const SKIP_REASONS = ["no_login", "invalid_login", "no_email", "invalid_value", "email_taken", "local_account", "disabled"] as const;
type SkipReason = (typeof SKIP_REASONS)[number];
const MAX_SKIPPED = 100;

export interface SyncSummary {
  found: number;
  created: number;
  updated: number;
  /** Imported users switched on again because the directory enabled their accounts again. */
  activated: number;
  deactivated: number;
  /** The login of the last active SYSTEM_ADMIN, kept active although the directory dropped or disabled them. */
  keptLastAdmin: string | null;
  skipped: { dn: string; login: string; reason: SkipReason }[];
  skippedCount: number;
}

/** The user fields a directory entry sets, or why it cannot. */
function fieldsOf(person: Person): { reason: SkipReason } | { login: string; firstName: string; lastName: string; email: string; position: string | null; company: string | null } {
  const login = normalizeLogin(person.login);
  if (!login) return { reason: "no_login" };
  if (login.length > LIMITS.login || loginProblem(login)) return { reason: "invalid_login" };
  const email = normalizeEmail(person.email);
  if (!email) return { reason: "no_email" };
  if (email.length > LIMITS.email || checkEmail("email", email).length) return { reason: "invalid_value" };
  const text = (value: string, max: number) => normalizeText(value).slice(0, max);
  const fields = {
    login,
    firstName: text(person.firstName, LIMITS.name) || login,
    lastName: text(person.lastName, LIMITS.name) || login,
    email,
    position: text(person.position, LIMITS.text) || null,
    company: text(person.company, LIMITS.text) || null,
  };
  const problems = [
    ...checkText("firstName", fields.firstName),
    ...checkText("lastName", fields.lastName),
    ...checkText("position", fields.position),
    ...checkText("company", fields.company),
  ];
  return problems.length ? { reason: "invalid_value" } : fields;
}

/**
 * An imported user's local hash: of 32 random bytes nobody knows, so no password matches it should the
 * account ever be checked locally. Cheap parameters suffice (nothing guessable to slow down) and keep a
 * large import fast.
 */
const unusablePassword = () => Bun.password.hash(randomBytes(32).toString("base64"), { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });

/**
 * Reads the directory and brings Plexus' imported users in step: new entries become active users
 * marked as imported (they sign in with their directory password), existing imported users get the
 * directory's names, e-mail, position and company, and imported users the directory no longer lists
 * or has disabled (Active Directory's userAccountControl) are deactivated. Only an account the sync
 * itself switched off because it was disabled is switched on again when the directory enables it: a
 * user an administrator switched off, or one who left the directory, stays off. The last active
 * SYSTEM_ADMIN is never switched off (users/role-change.ts's rule): the sync says so instead. A local
 * account whose login a directory entry also has is left alone (the directory never takes it over).
 * `actor` is the administrator who asked, or null for the periodic sync.
 */
async function syncDirectory(ctx: AppContext, actor: User | null): Promise<SyncSummary> {
  const config = directoryConfig(ctx.db);
  const people = await searchPeople(config);
  const summary: SyncSummary = { found: people.length, created: 0, updated: 0, activated: 0, deactivated: 0, keptLastAdmin: null, skipped: [], skippedCount: 0 };
  const skip = (person: Person, reason: SkipReason) => {
    summary.skippedCount++;
    if (summary.skipped.length < MAX_SKIPPED) summary.skipped.push({ dn: person.dn, login: person.login, reason });
  };
  const listed = new Set<number>();
  const actorId = actor?.id ?? null;

  for (const person of people) {
    const fields = fieldsOf(person);
    if ("reason" in fields) {
      skip(person, fields.reason);
      continue;
    }
    const existing = findUserByLogin(ctx.db, fields.login);
    if (existing && !existing.isImportedFromAD) {
      skip(person, "local_account");
      continue;
    }
    const owner = findUserByEmail(ctx.db, fields.email);
    if (owner && owner.id !== existing?.id) {
      skip(person, "email_taken");
      continue;
    }
    if (existing) {
      listed.add(existing.id);
      const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== existing[key]);
      if (changed) {
        ctx.db.transaction((tx) => {
          tx.update(users).set(fields).where(eq(users.id, existing.id)).run();
          audit(tx, actorId, "UPDATE", `user ${fields.login} from the directory`);
        });
        summary.updated++;
      }
      if (person.disabled && existing.isActive) switchOff(ctx, summary, existing, actorId, "disabled in the directory");
      else if (!person.disabled && !existing.isActive && existing.disabledInDirectory) switchOn(ctx, summary, existing, actorId);
      continue;
    }
    if (person.disabled) {
      skip(person, "disabled");
      continue;
    }
    const passwordHash = await unusablePassword();
    const created = ctx.db.transaction((tx) => {
      const row = tx
        .insert(users)
        .values({
          ...fields,
          loginKey: canonicalLogin(fields.login),
          passwordHash,
          avatar: `${fields.firstName[0] ?? ""}${fields.lastName[0] ?? ""}`.toUpperCase(),
          role: "USER",
          isActive: true,
          activatedAt: new Date(),
          isImportedFromAD: true,
        })
        .returning()
        .get();
      joinPublicChats(tx, row.id);
      audit(tx, actorId, "USER_REGISTRATION", `${row.login} from the directory`);
      return row;
    });
    listed.add(created.id);
    summary.created++;
  }

  deactivateUnlisted(ctx, summary, listed, actorId);
  log.info("directory.synced", { ...summary, skipped: summary.skippedCount });
  return summary;
}

/** Switches off the active imported users the directory did not list; an empty answer switches off nobody. */
function deactivateUnlisted(ctx: AppContext, summary: SyncSummary, listed: Set<number>, actorId: number | null) {
  const imported = ctx.db.select().from(users).where(and(eq(users.isImportedFromAD, true), eq(users.isActive, true))).all();
  const gone = imported.filter((user) => !listed.has(user.id));
  if (gone.length && summary.found === 0) {
    // A filter or base that suddenly matches nothing is more likely a mistake than everybody leaving.
    log.warn("directory.empty_answer_ignored", { imported: imported.length });
    return;
  }
  for (const user of gone) switchOff(ctx, summary, user, actorId, "no longer in the directory");
}

/**
 * Switches an imported user off and signs them out, marked as disabled in the directory when that is
 * `why`; the last active SYSTEM_ADMIN stays on, with a warning in the log, the activity log and the summary.
 */
function switchOff(ctx: AppContext, summary: SyncSummary, user: User, actorId: number | null, why: "disabled in the directory" | "no longer in the directory") {
  const signOut = ctx.db.transaction((tx) => {
    if (isLastSystemAdmin(tx, user)) {
      audit(tx, actorId, "UPDATE", `${user.login}: ${why}, but kept active as the last system administrator`);
      return null;
    }
    tx.update(users).set({ isActive: false, disabledInDirectory: why === "disabled in the directory" }).where(eq(users.id, user.id)).run();
    const then = ctx.lifecycle.emit(tx, "userDeactivated", { userId: user.id });
    audit(tx, actorId, "USER_DEACTIVATION", `${user.login}: ${why}`);
    return then;
  });
  if (!signOut) {
    log.warn("directory.last_admin_kept", { login: user.login, why });
    summary.keptLastAdmin = user.login;
    return;
  }
  signOut();
  summary.deactivated++;
}

/** Switches on again an imported user the sync switched off because the directory had disabled the account. */
function switchOn(ctx: AppContext, summary: SyncSummary, user: User, actorId: number | null) {
  ctx.db.transaction((tx) => {
    tx.update(users).set({ isActive: true, disabledInDirectory: false }).where(eq(users.id, user.id)).run();
    joinPublicChats(tx, user.id);
    audit(tx, actorId, "USER_ACTIVATION", `${user.login}: enabled again in the directory`);
  });
  summary.activated++;
}

const running = new WeakMap<Db, Promise<SyncSummary>>();

/** One sync at a time per database: an import asked for while the periodic sync runs is refused, not doubled. */
export function syncOnce(ctx: AppContext, actor: User | null): Promise<SyncSummary> {
  if (running.has(ctx.db)) return Promise.reject(conflict("directory_sync_running", "A directory import is already running"));
  const work = syncDirectory(ctx, actor).finally(() => running.delete(ctx.db));
  running.set(ctx.db, work);
  return work;
}

/** directory/test: binds and searches with the saved settings, or with `given` values over them; nothing is changed. */
export async function testDirectory(db: Db, given: Partial<Record<DirectorySetting, string>>) {
  const config = directoryConfig(db, given);
  const people = await searchPeople(config);
  const importable = people.filter((person) => !("reason" in fieldsOf(person))).length;
  return { found: people.length, importable, notImportable: people.length - importable, transport: directoryTransport(config) };
}
