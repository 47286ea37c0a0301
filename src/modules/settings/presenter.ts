import { t } from "elysia";
import { SETTING_TYPES } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";
import { SETTING_KINDS } from "./kinds";

/**
 * A setting row as administrators read and save them (settings/get-all, save-all): a secured one's body is
 * always empty here, isSet says whether it has a value; kind (and schemes for a URL) what the value must be.
 */
export const settingSchema = t.Object({
  id: integer(),
  label: t.String(),
  body: t.String(),
  isSecured: t.Boolean(),
  isSet: t.Boolean(),
  type: oneOf(SETTING_TYPES),
  kind: oneOf(SETTING_KINDS),
  schemes: t.Array(t.String()),
});

/** One secured value, shown when a SYSTEM_ADMIN asks (settings/reveal). */
export const revealedSettingSchema = t.Object({ label: t.String(), body: t.String() });

/** The public branding values by label (settings/get-general). */
export const generalSettingsSchema = t.Record(t.String(), t.String());

/** The user's own GIS account and whether a shared one exists; never the shared password. */
export const gisCredentialsSchema = t.Object({
  GIS_USERNAME: t.String(),
  GIS_PASSWORD: t.String(),
  sharedLoginConfigured: t.Boolean(),
});
