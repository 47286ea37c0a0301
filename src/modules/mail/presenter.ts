import { type Static, t } from "elysia";
import { MAIL_TEMPLATE_TYPES } from "../../../db/schema";
import { oneOf } from "../../lib/schema";

/** A mail template as the editor reads it (mail-template/list, get, save, reset). */
export const mailTemplateSchema = t.Object({
  type: oneOf(MAIL_TEMPLATE_TYPES),
  subject: t.String(),
  value: t.String(),
  disabled: t.Boolean(),
  edited: t.Boolean(),
  placeholders: t.Array(t.String()),
});
export type MailTemplate = Static<typeof mailTemplateSchema>;
