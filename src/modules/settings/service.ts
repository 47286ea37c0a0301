import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { settings, type User } from "../../../db/schema";
import { SETTING_DEFAULTS } from "./defaults";
import { invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { originEntries, originOf, settingNumber, settingValueFits } from "./kinds";
import { caCertificates } from "../../lib/certificates";
import { audit } from "../audit/service";

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

/**
 * All settings as the settings page reads them: a secured value never leaves here, only whether it is set
 * (a SYSTEM_ADMIN asks for one at a time with revealSetting); each row says what its value must look like.
 */
export function allSettings(db: Db) {
  return db.select().from(settings).orderBy(settings.type, settings.id).all().map((row) => {
    const known = DEFAULTS_BY_LABEL.get(row.label);
    return {
      ...row,
      body: row.isSecured ? "" : row.body,
      isSet: row.body !== "",
      kind: known?.kind ?? "text",
      schemes: [...(known?.schemes ?? [])],
    };
  });
}

/** One secured value, for the SYSTEM_ADMIN who pressed its show toggle; the activity log records who saw which. */
export function revealSetting(db: Db, actor: User, label: string) {
  const row = db.select().from(settings).where(eq(settings.label, label)).get();
  if (!row) throw notFound("setting");
  audit(db, actor.id, "READ", `setting ${row.label}`);
  return { label: row.label, body: row.body };
}

const DEFAULTS_BY_LABEL = new Map(SETTING_DEFAULTS.map((s) => [s.label, s]));

/**
 * Saves the given values in one transaction, or nothing: an unknown label or a value that does not fit its
 * kind (a port outside 1-65535, a word where a number goes) is refused with the label in the detail's path.
 * Values other than free text are stored trimmed, numbers as plain digits read in the caller's locale
 * ("1 000" from a Russian page is 1000, "1.234" from a Spanish one is refused as ambiguous). The mailer reads the SMTP values at each send. The
 * activity log names the settings whose value changed.
 */
export function saveAllSettings(db: Db, actor: User, input: { label: string; body: string }[], locale = "en") {
  const stored = new Map(db.select({ label: settings.label, body: settings.body }).from(settings).all().map((r) => [r.label, r.body]));
  const details: ErrorDetail[] = [];
  const values = input.map(({ label, body }) => {
    const setting = DEFAULTS_BY_LABEL.get(label);
    const kind = setting?.kind ?? "text";
    const value = kind === "text" ? body : body.trim();
    if (!stored.has(label)) details.push({ path: `body.${label}`, message: `Unknown setting ${label}` });
    else if ((kind === "number" || kind === "port") && value !== "") {
      const read = settingNumber(kind, value, locale);
      if (read.ok) return { label, value: String(read.value) };
      details.push({ path: `body.${label}`, message: `admin.settings.invalid.${kind}`, code: `admin.settings.invalid.${kind}` });
    } else if (!settingValueFits(kind, value, setting?.schemes) || (kind === "certificate" && value && !caCertificates(value))) {
      details.push({ path: `body.${label}`, message: `admin.settings.invalid.${kind}`, code: `admin.settings.invalid.${kind}` });
    }
    return { label, value };
  });
  if (details.length) throw invalid(details);
  // The log names the settings that changed, never a value: secured ones hold passwords.
  const changed = [...new Set(values.filter((s) => stored.get(s.label) !== s.value).map((s) => s.label))];
  db.transaction((tx) => {
    for (const s of values) tx.update(settings).set({ body: s.value }).where(eq(settings.label, s.label)).run();
    if (changed.length) audit(tx, actor.id, "UPDATE", `settings ${changed.join(", ")}`);
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

/** The tile servers an administrator allowed (GIS_TILE_HOSTS) as origins: the only places the tile proxy and XYZ layers may reach. */
export const allowedTileOrigins = (db: Db): Set<string> =>
  new Set(originEntries(settingValue(db, "GIS_TILE_HOSTS") ?? "").flatMap((entry) => originOf(entry) ?? []));

/** The map menu's panorama link with {lat} and {lon} (GIS_PANORAMA_URL), or null when none is set. */
export const panoramaTemplate = (db: Db): string | null => settingValue(db, "GIS_PANORAMA_URL") || null;
