import type { AppContext } from "../../lib/context";
import { conflict, invalid } from "../../lib/errors";
import { checkEmail } from "../users/validation";
import { mailConfigured } from "./service";
import { deliveryError } from "./transport";

/**
 * The settings page's test mail (TEST_MESSAGE) to `email`, sent now through the SMTP settings saved at this
 * moment, so an administrator sees at once whether they work: the mail server's refusal, an untrusted
 * certificate or a missing STARTTLS comes back as the error.
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
    // The mailer names a certificate or STARTTLS failure (mail_tls_failed, mail_starttls_missing) itself.
    throw deliveryError(error);
  }
  if (!sent) throw conflict("mail_template_disabled", "The TEST_MESSAGE template is switched off");
  return { sent: true };
}
