import type { SettingType } from "../../../db/schema";

interface SettingDefault {
  label: string;
  type: SettingType;
  body?: string;
  isSecured?: boolean;
}

/** Every setting Plexus knows, created on start when missing. */
export const SETTING_DEFAULTS: SettingDefault[] = [
  { label: "COMPANY_NAME", type: "GENERAL", body: "Plexus" },
  { label: "COMPANY_FAVICON", type: "GENERAL", body: "/favicon.svg" },
  { label: "COMPANY_LOGO", type: "GENERAL", body: "/logo.svg" },
  { label: "SHOW_DISCLAIMER", type: "GENERAL", body: "true" },
  { label: "MAINTENANCE_MODE", type: "GENERAL", body: "false" },
  { label: "SMTP_HOST", type: "MAIL" },
  { label: "SMTP_PORT", type: "MAIL", body: "587" },
  { label: "SMTP_SECURE", type: "MAIL", body: "false" },
  { label: "SMTP_USER", type: "MAIL" },
  { label: "SMTP_PASSWORD", type: "MAIL", isSecured: true },
  { label: "SMTP_FROM", type: "MAIL", body: "Plexus <plexus@localhost>" },
  { label: "NOTIFY_NEW_USER", type: "NOTIFICATION", body: "true" },
  { label: "NOTIFY_NEW_MESSAGE", type: "NOTIFICATION", body: "true" },
  { label: "GIS_USERNAME", type: "GIS" },
  { label: "GIS_PASSWORD", type: "GIS", isSecured: true },
  { label: "AD_URL", type: "ACTIVE_DIRECTORY" },
  { label: "AD_BASE_DN", type: "ACTIVE_DIRECTORY" },
  { label: "AD_BIND_DN", type: "ACTIVE_DIRECTORY" },
  { label: "AD_BIND_PASSWORD", type: "ACTIVE_DIRECTORY", isSecured: true },
  { label: "FTP_HOST", type: "FTP" },
  { label: "FTP_USER", type: "FTP" },
  { label: "FTP_PASSWORD", type: "FTP", isSecured: true },
];
