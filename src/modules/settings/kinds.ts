/**
 * What a setting's value must look like. The server refuses a value that breaks its kind (settings/save-all)
 * and the settings page checks the same rules while it is typed; this file imports no server code.
 * An empty value means "not set" and passes every kind but boolean.
 */
export const SETTING_KINDS = ["text", "number", "boolean", "host", "port", "mailbox", "url", "link", "certificate"] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*\\.?$`, "i");
const IPV6 = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/i;
/** An address as a mail header needs it: something@host, nothing invisible, no angle brackets. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const MAILBOX = /^[^<>\r\n]*<([^<>]+)>$/;
/** One or more PEM certificates, line breaks kept or lost; the server also parses each one (lib/certificates.ts). */
const PEM = /^(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

const CHECKS: Record<SettingKind, (value: string, schemes?: readonly string[]) => boolean> = {
  text: () => true,
  number: (value) => /^\d{1,9}$/.test(value),
  boolean: (value) => value === "true" || value === "false",
  host: (value) => HOST_NAME.test(value) || IPV6.test(value),
  port: (value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535,
  mailbox: (value) => ADDRESS.test(MAILBOX.exec(value)?.[1].trim() ?? value),
  certificate: (value) => PEM.test(value),
  /** An address on Plexus itself (/logo.svg) or an http(s) URL: what a page may put in src or href. */
  link: (value) => /^\/(?![/\\])\S*$/.test(value) || CHECKS.url(value),
  url: (value, schemes = ["http:", "https:"]) => {
    try {
      const url = new URL(value);
      return schemes.includes(url.protocol) && Boolean(url.hostname);
    } catch {
      return false;
    }
  },
};

/** Whether `value` is right for a setting of `kind`; non-text values are compared trimmed. */
export function settingValueFits(kind: SettingKind, value: string, schemes?: readonly string[]): boolean {
  const controls = kind === "certificate" ? value.replace(/[\r\n\t]/g, "") : value; // a PEM keeps its line breaks
  if (/\p{Cc}/u.test(controls) && kind !== "text") return false;
  if (value === "") return kind !== "boolean";
  return CHECKS[kind](value, schemes);
}
