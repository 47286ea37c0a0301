/**
 * What a setting's value must look like. The server refuses a value that breaks its kind (settings/save-all)
 * and the settings page checks the same rules while it is typed; this file imports no server code.
 * An empty value means "not set" and passes every kind but boolean.
 */
import { type NumberReading, type NumberRules, parseNumber } from "../../lib/numbers";

export const SETTING_KINDS = ["text", "number", "boolean", "host", "port", "mailbox", "url", "link", "certificate", "origins", "coordinateLink"] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*\\.?$`, "i");
const IPV6 = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/i;
/** An address as a mail header needs it: something@host, nothing invisible, no angle brackets. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const MAILBOX = /^[^<>\r\n]*<([^<>]+)>$/;
/** One or more PEM certificates, line breaks kept or lost; the server also parses each one (lib/certificates.ts). */
const PEM = /^(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

/** The entries of an origins setting: separated by commas, spaces or line breaks. */
export const originEntries = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** An entry of an origins setting as an origin (scheme, host and port), or null when it is more or less than one. */
export function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash && !entry.endsWith("?") && !entry.endsWith("#");
    return bare && (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.origin : null;
  } catch {
    return null;
  }
}

/** The numbers of the number and port kinds, read as the administrator's locale writes them ("1 000" in ru). */
export const SETTING_NUMBERS = {
  number: { whole: true, min: 0, max: 999_999_999 },
  port: { whole: true, min: 1, max: 65535 },
} satisfies Partial<Record<SettingKind, NumberRules>>;

/** A number or port setting's text read in `locale`; its value is stored as plain digits. */
export const settingNumber = (kind: keyof typeof SETTING_NUMBERS, value: string, locale: string): NumberReading => parseNumber(value, locale, SETTING_NUMBERS[kind]);

const CHECKS: Record<Exclude<SettingKind, keyof typeof SETTING_NUMBERS>, (value: string, schemes?: readonly string[]) => boolean> = {
  text: () => true,
  boolean: (value) => value === "true" || value === "false",
  host: (value) => HOST_NAME.test(value) || IPV6.test(value),
  mailbox: (value) => ADDRESS.test(MAILBOX.exec(value)?.[1].trim() ?? value),
  certificate: (value) => PEM.test(value),
  /** An address on Plexus itself (/logo.svg) or an http(s) URL: what a page may put in src or href. */
  link: (value) => /^\/(?![/\\])\S*$/.test(value) || CHECKS.url(value),
  /** http(s) origins (https://tile.example.org:8443), as many as wanted. */
  origins: (value) => originEntries(value).every((entry) => originOf(entry) !== null),
  /** An http(s) URL with both {lat} and {lon} in it, filled with a point's coordinates. */
  coordinateLink: (value) => value.includes("{lat}") && value.includes("{lon}") && CHECKS.url(value.replaceAll("{lat}", "0").replaceAll("{lon}", "0")),
  url: (value, schemes = ["http:", "https:"]) => {
    try {
      const url = new URL(value);
      return schemes.includes(url.protocol) && Boolean(url.hostname);
    } catch {
      return false;
    }
  },
};

/** Whether `value` is right for a setting of `kind` (numbers as `locale` writes them); non-text values are compared trimmed. */
export function settingValueFits(kind: SettingKind, value: string, schemes?: readonly string[], locale = "en"): boolean {
  const controls = kind === "certificate" || kind === "origins" ? value.replace(/[\r\n\t]/g, "") : value; // a PEM (a list) keeps its line breaks
  if (/\p{Cc}/u.test(controls) && kind !== "text") return false;
  if (value === "") return kind !== "boolean";
  if (kind === "number" || kind === "port") return settingNumber(kind, value, locale).ok;
  return CHECKS[kind](value, schemes);
}
