import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { settings, type User } from "../../../db/schema";
import { SETTING_DEFAULTS } from "./defaults";
import { invalid } from "../../lib/errors";

/** Creates the settings that are missing; never overwrites what an administrator saved. */
export function ensureDefaultSettings(db: Db): void {
  db.insert(settings)
    .values(SETTING_DEFAULTS.map((s) => ({ label: s.label, type: s.type, body: s.body ?? "", isSecured: s.isSecured ?? false })))
    .onConflictDoNothing()
    .run();
}

export function settingValues(db: Db, labels: string[]): Record<string, string> {
  const rows = db.select().from(settings).where(inArray(settings.label, labels)).all();
  return Object.fromEntries(rows.map((row) => [row.label, row.body]));
}

const singleLookups = new WeakMap<Db, ReturnType<typeof prepareSingle>>();
const prepareSingle = (db: Db) =>
  db.select({ body: settings.body }).from(settings).where(eq(settings.label, sql.placeholder("label"))).prepare();

/** One setting; prepared once per database because every page asks for MAINTENANCE_MODE. */
export function settingValue(db: Db, label: string): string | undefined {
  let prepared = singleLookups.get(db);
  if (!prepared) singleLookups.set(db, (prepared = prepareSingle(db)));
  return prepared.get({ label })?.body;
}

const GENERAL = ["COMPANY_NAME", "COMPANY_FAVICON", "COMPANY_LOGO", "SHOW_DISCLAIMER"];
const generalLookups = new WeakMap<Db, ReturnType<typeof prepareGeneral>>();
const prepareGeneral = (db: Db) =>
  db.select({ label: settings.label, body: settings.body }).from(settings).where(inArray(settings.label, GENERAL)).prepare();

/** The public branding values the sign-in page and the page head need (every page: prepared once). */
export function generalSettings(db: Db): Record<string, string> {
  let prepared = generalLookups.get(db);
  if (!prepared) generalLookups.set(db, (prepared = prepareGeneral(db)));
  return Object.fromEntries(prepared.all().map((row) => [row.label, row.body]));
}

/** All settings; only administrators' routes call this (secured values sit behind a show toggle there). */
export function allSettings(db: Db) {
  return db.select().from(settings).orderBy(settings.type, settings.id).all();
}

export function saveAllSettings(db: Db, input: { label: string; body: string }[]) {
  const known = new Set(db.select({ label: settings.label }).from(settings).all().map((r) => r.label));
  const unknown = input.filter((s) => !known.has(s.label));
  if (unknown.length) {
    throw invalid(unknown.map((s, i) => ({ path: `body[${i}].label`, message: `Unknown setting ${s.label}` })));
  }
  db.transaction((tx) => {
    for (const s of input) tx.update(settings).set({ body: s.body }).where(eq(settings.label, s.label)).run();
  });
  return allSettings(db);
}

/**
 * The GIS account as the browser may know it: the user's own login and password (their own override,
 * saved in their profile) and whether a shared account is configured. The shared password never
 * leaves the server: map requests that need it go through Plexus, which adds it there.
 */
export function gisCredentials(db: Db, actor: User) {
  const shared = settingValues(db, ["GIS_USERNAME"]);
  return {
    GIS_USERNAME: actor.gisLogin ?? "",
    GIS_PASSWORD: actor.gisLogin ? actor.gisPassword ?? "" : "",
    sharedLoginConfigured: Boolean(shared.GIS_USERNAME),
  };
}
