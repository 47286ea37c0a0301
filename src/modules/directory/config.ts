import { X509Certificate } from "node:crypto";
import type { Db } from "../../../db/client";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { settingValues } from "../settings/service";

/** The ACTIVE_DIRECTORY settings, by label (settings/defaults.ts creates them). */
export const DIRECTORY_SETTINGS = [
  "AD_URL",
  "AD_BASE_DN",
  "AD_BIND_DN",
  "AD_BIND_PASSWORD",
  "AD_FILTER",
  "AD_LOGIN_ATTRIBUTE",
  "AD_FIRST_NAME_ATTRIBUTE",
  "AD_LAST_NAME_ATTRIBUTE",
  "AD_EMAIL_ATTRIBUTE",
  "AD_POSITION_ATTRIBUTE",
  "AD_COMPANY_ATTRIBUTE",
  "AD_START_TLS",
  "AD_CA_CERTIFICATE",
] as const;
export type DirectorySetting = (typeof DIRECTORY_SETTINGS)[number];

/** Which directory attribute fills which user field. */
export interface AttributeMap {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  position: string;
  company: string;
}

export interface DirectoryConfig {
  url: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  filter: string;
  attributes: AttributeMap;
  /** Upgrade an ldap:// connection with StartTLS before the bind (ldaps:// is encrypted from the start). */
  startTls: boolean;
  /** The PEM CA certificate(s) the directory's certificate must chain to; null: the system's trusted CAs. */
  caCertificate: string | null;
}

const MAPPING: [keyof AttributeMap, DirectorySetting, required: boolean][] = [
  ["login", "AD_LOGIN_ATTRIBUTE", true],
  ["firstName", "AD_FIRST_NAME_ATTRIBUTE", true],
  ["lastName", "AD_LAST_NAME_ATTRIBUTE", true],
  ["email", "AD_EMAIL_ATTRIBUTE", true],
  ["position", "AD_POSITION_ATTRIBUTE", false],
  ["company", "AD_COMPANY_ATTRIBUTE", false],
];

/** An attribute name (RFC 4512 descr) or a numeric OID: nothing that could change a filter's meaning. */
const ATTRIBUTE = /^(?:[A-Za-z][A-Za-z0-9-]{0,63}|\d+(?:\.\d+){1,31})$/;

/** Balanced parentheses around the whole filter, no NUL: the server parses the rest and says when it cannot. */
function filterWellFormed(filter: string): boolean {
  if (!filter.startsWith("(") || !filter.endsWith(")") || filter.includes("\0")) return false;
  let depth = 0;
  for (let i = 0; i < filter.length; i++) {
    if (depth === 0 && i > 0) return false; // text after the outermost ")"
    if (filter[i] === "\\") i += 2;
    else if (filter[i] === "(") depth++;
    else if (filter[i] === ")") depth--;
  }
  return depth === 0;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/**
 * The CA certificates in `value` as PEM Node's TLS reads, or null when there are none or one does not
 * parse. A PEM pasted into the one-line settings field loses its line breaks; they are put back here.
 */
export function caCertificates(value: string): string | null {
  const blocks = [...value.matchAll(PEM_BLOCK)].map(([, body]) => body.replace(/\s+/g, ""));
  if (!blocks.length || value.replace(PEM_BLOCK, "").trim()) return null;
  const pem = blocks.map((body) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----\n`);
  try {
    for (const one of pem) new X509Certificate(one);
  } catch {
    return null;
  }
  return pem.join("");
}

function urlFits(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "ldap:" || url.protocol === "ldaps:") && Boolean(url.hostname) && (url.pathname === "" || url.pathname === "/");
  } catch {
    return false;
  }
}

/**
 * The directory settings as saved, or with `given` values over them (directory/test checks settings
 * before they are saved). The saved bind password goes only with the saved URL and bind DN: settings
 * that point elsewhere (or trust other certificates, or drop StartTLS) must bring their own, so the stored
 * secret is never sent to another server or over a connection the saved settings would not make.
 */
export function directoryConfig(db: Db, given: Partial<Record<DirectorySetting, string>> = {}): DirectoryConfig {
  const saved = settingValues(db, [...DIRECTORY_SETTINGS]);
  const value = (label: DirectorySetting) => (given[label] ?? saved[label] ?? "").trim();
  const sameServer = (["AD_URL", "AD_BIND_DN", "AD_START_TLS", "AD_CA_CERTIFICATE"] as const).every((label) => value(label) === (saved[label] ?? "").trim());
  const bindPassword = given.AD_BIND_PASSWORD ?? (sameServer ? saved.AD_BIND_PASSWORD ?? "" : "");

  const details: ErrorDetail[] = [];
  const problem = (label: DirectorySetting, message: string) => details.push({ path: `settings.${label}`, message, code: `directory.${message}` });
  if (!value("AD_URL")) problem("AD_URL", "required");
  else if (!urlFits(value("AD_URL"))) problem("AD_URL", "invalidUrl");
  if (!value("AD_BASE_DN")) problem("AD_BASE_DN", "required");
  if (value("AD_BIND_DN") && !bindPassword) problem("AD_BIND_PASSWORD", "required");
  if (!filterWellFormed(value("AD_FILTER"))) problem("AD_FILTER", "invalidFilter");
  const caCertificate = value("AD_CA_CERTIFICATE") ? caCertificates(value("AD_CA_CERTIFICATE")) : null;
  if (value("AD_CA_CERTIFICATE") && !caCertificate) problem("AD_CA_CERTIFICATE", "invalidCertificate");
  const attributes = {} as AttributeMap;
  for (const [field, label, required] of MAPPING) {
    const name = value(label);
    if (name ? !ATTRIBUTE.test(name) : required) problem(label, name ? "invalidAttribute" : "required");
    attributes[field] = name;
  }
  if (details.length) {
    throw new AppError(422, "directory_settings_invalid", "The Active Directory settings are incomplete or not valid", details);
  }
  return {
    url: value("AD_URL"),
    baseDn: value("AD_BASE_DN"),
    bindDn: value("AD_BIND_DN"),
    bindPassword,
    filter: value("AD_FILTER"),
    attributes,
    startTls: value("AD_START_TLS") === "true",
    caCertificate,
  };
}

/** Whether an administrator has pointed Plexus at a directory at all (the sync job stays idle otherwise). */
export function directoryConfigured(db: Db): boolean {
  const saved = settingValues(db, ["AD_URL", "AD_BASE_DN"]);
  return Boolean(saved.AD_URL?.trim() && saved.AD_BASE_DN?.trim());
}
