import type { SettingType } from "../../../db/schema";
import type { SettingKind } from "./kinds";

interface SettingDefault {
  label: string;
  type: SettingType;
  body?: string;
  isSecured?: boolean;
  /** What the value must look like (kinds.ts); text when not said. */
  kind?: SettingKind;
  /** The URL schemes a url setting accepts (http: and https: when not said). */
  schemes?: readonly string[];
}

/** Every setting Plexus knows, created on start when missing. */
export const SETTING_DEFAULTS: SettingDefault[] = [
  { label: "COMPANY_NAME", type: "GENERAL", body: "Plexus" },
  { label: "COMPANY_FAVICON", type: "GENERAL", body: "/favicon.svg", kind: "link" },
  { label: "COMPANY_LOGO", type: "GENERAL", body: "/logo.svg", kind: "link" },
  { label: "SHOW_DISCLAIMER", type: "GENERAL", body: "true", kind: "boolean" },
  { label: "MAINTENANCE_MODE", type: "GENERAL", body: "false", kind: "boolean" },
  { label: "MODBUS_HOSTS", type: "GENERAL" },
  { label: "SMTP_HOST", type: "MAIL", kind: "host" },
  { label: "SMTP_PORT", type: "MAIL", body: "587", kind: "port" },
  { label: "SMTP_SECURE", type: "MAIL", body: "false", kind: "boolean" },
  { label: "SMTP_USER", type: "MAIL" },
  { label: "SMTP_PASSWORD", type: "MAIL", isSecured: true },
  { label: "SMTP_FROM", type: "MAIL", body: "Plexus <plexus@localhost>", kind: "mailbox" },
  { label: "SMTP_CA_CERTIFICATE", type: "MAIL", kind: "certificate" },
  { label: "SMTP_PLAIN_ON_LOOPBACK", type: "MAIL", body: "false", kind: "boolean" },
  { label: "NOTIFY_NEW_USER", type: "NOTIFICATION", body: "true", kind: "boolean" },
  { label: "NOTIFY_NEW_MESSAGE", type: "NOTIFICATION", body: "true", kind: "boolean" },
  { label: "GIS_USERNAME", type: "GIS" },
  { label: "GIS_PASSWORD", type: "GIS", isSecured: true },
  { label: "GIS_TILE_HOSTS", type: "GIS", kind: "origins" },
  { label: "GIS_PANORAMA_URL", type: "GIS", kind: "coordinateLink" },
  { label: "GIS_GEOCODER_URL", type: "GIS", kind: "url" },
  { label: "GIS_GEOCODER_COUNTRIES", type: "GIS", body: "ru" },
  { label: "AD_URL", type: "ACTIVE_DIRECTORY", kind: "url", schemes: ["ldap:", "ldaps:"] },
  { label: "AD_START_TLS", type: "ACTIVE_DIRECTORY", body: "false", kind: "boolean" },
  { label: "AD_CA_CERTIFICATE", type: "ACTIVE_DIRECTORY", kind: "certificate" },
  { label: "AD_BASE_DN", type: "ACTIVE_DIRECTORY" },
  { label: "AD_BIND_DN", type: "ACTIVE_DIRECTORY" },
  { label: "AD_BIND_PASSWORD", type: "ACTIVE_DIRECTORY", isSecured: true },
  { label: "AD_FILTER", type: "ACTIVE_DIRECTORY", body: "(objectClass=person)" },
  { label: "AD_LOGIN_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "sAMAccountName" },
  { label: "AD_FIRST_NAME_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "givenName" },
  { label: "AD_LAST_NAME_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "sn" },
  { label: "AD_EMAIL_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "mail" },
  { label: "AD_POSITION_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "title" },
  { label: "AD_COMPANY_ATTRIBUTE", type: "ACTIVE_DIRECTORY", body: "company" },
  { label: "AD_SYNC_INTERVAL_MINUTES", type: "ACTIVE_DIRECTORY", body: "0", kind: "number" },
  { label: "FTP_HOST", type: "FTP", kind: "host" },
  { label: "FTP_USER", type: "FTP" },
  { label: "FTP_PASSWORD", type: "FTP", isSecured: true },
  { label: "FTP_PORT", type: "FTP", body: "21", kind: "port" },
  { label: "FTP_FOLDER", type: "FTP", body: "/" },
  { label: "FTP_UPLOAD_BACKUPS", type: "FTP", body: "false", kind: "boolean" },
  { label: "FTP_CA_CERTIFICATE", type: "FTP" },
  { label: "FTP_PLAIN", type: "FTP", body: "false", kind: "boolean" },
  { label: "BACKUP_TYPE", type: "GENERAL", body: "LOCAL" },
  { label: "BACKUP_TIME", type: "GENERAL", body: "" },
  { label: "BACKUP_KEEP", type: "GENERAL", body: "7", kind: "number" },
];
