import { t } from "elysia";
import { SETTING_TYPES } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";

/** A setting row as administrators read and save them (settings/get-all, save-all). */
export const settingSchema = t.Object({
  id: integer(),
  label: t.String(),
  body: t.String(),
  isSecured: t.Boolean(),
  type: oneOf(SETTING_TYPES),
});

/** The public branding values by label (settings/get-general). */
export const generalSettingsSchema = t.Record(t.String(), t.String());

/** The user's own GIS account and whether a shared one exists; never the shared password. */
export const gisCredentialsSchema = t.Object({
  GIS_USERNAME: t.String(),
  GIS_PASSWORD: t.String(),
  sharedLoginConfigured: t.Boolean(),
});
