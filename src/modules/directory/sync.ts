import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict } from "../../lib/errors";
import { log } from "../../lib/log";
import { audit } from "../audit/service";
import { revokeUserSessions } from "../auth/sessions";
import { joinPublicChats } from "../chat/membership";
import { findUserByEmail, findUserByLogin } from "../users/service";
import { canonicalLogin, checkEmail, checkText, LIMITS, loginProblem, normalizeEmail, normalizeLogin, normalizeText } from "../users/validation";
import { searchPeople, type Person } from "./client";
import { directoryConfig, type DirectorySetting } from "./config";

/** Why an entry was not imported; at most MAX_SKIPPED are listed. */
export const SKIP_REASONS = ["no_login", "invalid_login", "no_email", "invalid_value", "email_taken", "local_account"] as const;
type SkipReason = (typeof SKIP_REASONS)[number];
const MAX_SKIPPED = 100;

export interface SyncSummary {
  found: number;
  created: number;
  updated: number;
  deactivated: number;
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
 * are deactivated. Nobody is activated again: a user an administrator switched off stays off. A local
 * account whose login a directory entry also has is left alone (the directory never takes it over).
 * `actor` is the administrator who asked, or null for the periodic sync.
 */
async function syncDirectory(ctx: AppContext, actor: User | null): Promise<SyncSummary> {
  const config = directoryConfig(ctx.db);
  const people = await searchPeople(config);
  const summary: SyncSummary = { found: people.length, created: 0, updated: 0, deactivated: 0, skipped: [], skippedCount: 0 };
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
      if (!changed) continue;
      ctx.db.transaction((tx) => {
        tx.update(users).set(fields).where(eq(users.id, existing.id)).run();
        audit(tx, actorId, "UPDATE", `user ${fields.login} from the directory`);
      });
      summary.updated++;
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

  summary.deactivated = deactivateUnlisted(ctx, listed, actorId, people.length);
  log.info("directory.synced", { ...summary, skipped: summary.skippedCount });
  return summary;
}

/** Switches off the active imported users the directory did not list; an empty answer switches off nobody. */
function deactivateUnlisted(ctx: AppContext, listed: Set<number>, actorId: number | null, found: number): number {
  const imported = ctx.db.select().from(users).where(and(eq(users.isImportedFromAD, true), eq(users.isActive, true))).all();
  const gone = imported.filter((user) => !listed.has(user.id));
  if (gone.length && found === 0) {
    // A filter or base that suddenly matches nothing is more likely a mistake than everybody leaving.
    log.warn("directory.empty_answer_ignored", { imported: imported.length });
    return 0;
  }
  for (const user of gone) {
    ctx.db.transaction((tx) => {
      tx.update(users).set({ isActive: false }).where(eq(users.id, user.id)).run();
      revokeUserSessions(tx, user.id);
      audit(tx, actorId, "USER_DEACTIVATION", `${user.login}: no longer in the directory`);
    });
    ctx.live.disconnectUser(user.id);
  }
  return gone.length;
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
  const people = await searchPeople(directoryConfig(db, given));
  const importable = people.filter((person) => !("reason" in fieldsOf(person))).length;
  return { found: people.length, importable, notImportable: people.length - importable };
}
