import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { ROLES } from "../../src/lib/roles";

const now = sql`(unixepoch('subsec') * 1000)`;

/** Everyone who can sign in. Passwords are argon2id hashes; GIS credentials are the user's own overrides. */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    login: text("login").notNull(),
    /**
     * The login as logins are compared (users/validation.ts canonicalLogin: NFKC, lower case in every script;
     * SQLite's lower() folds ASCII only). Null only for an account whose canonical form another, older account
     * already had when the column came (see users/service.ts fillLoginKeys): it signs in with its exact login.
     */
    loginKey: text("login_key"),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    position: text("position"),
    company: text("company"),
    role: text("role", { enum: ROLES }).notNull().default("USER"),
    passwordHash: text("password_hash").notNull(),
    avatar: text("avatar"),
    locale: text("locale"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    /** When an administrator first activated the account: an inactive account with it is deactivated, without it waiting. */
    activatedAt: integer("activated_at", { mode: "timestamp_ms" }),
    isImportedFromAD: integer("is_imported_from_ad", { mode: "boolean" }).notNull().default(false),
    /** Switched off by a directory sync because the directory disabled the account: the sync switches it on again when re-enabled. */
    disabledInDirectory: integer("disabled_in_directory", { mode: "boolean" }).notNull().default(false),
    emailNotificationsAllowed: integer("email_notifications_allowed", { mode: "boolean" }).notNull().default(true),
    smsNotificationsAllowed: integer("sms_notifications_allowed", { mode: "boolean" }).notNull().default(false),
    gisLogin: text("gis_login"),
    gisPassword: text("gis_password"),
    registrationDate: integer("registration_date", { mode: "timestamp_ms" }).notNull().default(now),
    lastLoginDate: integer("last_login_date", { mode: "timestamp_ms" }),
    lastLogoutDate: integer("last_logout_date", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("users_login_unique").on(sql`lower(${t.login})`),
    uniqueIndex("users_login_key_unique").on(t.loginKey),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
  ],
);

/** A signed-in browser. Only the SHA-256 of the token's secret half is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use password reset tokens (hash only), valid for one hour. */
export const passwordResetRequests = sqliteTable(
  "password_reset_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
