import type { AppContext } from "../../lib/context";
import { AppError, conflict, invalid } from "../../lib/errors";
import { checkEmail } from "../users/validation";
import { mailConfigured } from "./service";

/**
 * The settings page's test mail (TEST_MESSAGE) to `email`, sent now through the SMTP settings saved at this
 * moment, so an administrator sees at once whether they work: the mail server's refusal comes back as the error.
 */
export async function sendTestMessage(ctx: AppContext, email: string, locale: string | null) {
  const address = email.trim();
  if (!address) throw invalid([{ path: "query.email", message: "admin.settings.emptyEmail", code: "admin.settings.emptyEmail" }]);
  if (checkEmail("email", address).length) {
    throw invalid([{ path: "query.email", message: "admin.settings.invalidEmail", code: "admin.settings.invalidEmail" }]);
  }
  if (!mailConfigured(ctx.db, ctx.config)) throw conflict("mail_not_configured", "Mail is not configured: set the SMTP host first");
  let sent: boolean;
  try {
    sent = await ctx.mailer.send("TEST_MESSAGE", { email: address, locale }, {});
  } catch (error) {
    throw new AppError(502, "mail_send_failed", "The mail server did not accept the mail", [{ path: "smtp", message: String((error as Error).message ?? error) }]);
  }
  if (!sent) throw conflict("mail_template_disabled", "The TEST_MESSAGE template is switched off");
  return { sent: true };
}
