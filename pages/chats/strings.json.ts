import type { APIRoute } from "astro";
import { messagesFor } from "../../src/lib/i18n";

/** The chat panel's strings in the reader's language, fetched when the panel first opens on a page without them. */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify(messagesFor(locals.locale, ["chat.", "common.", "error.", "issue.history.", "issueStatus.", "docs.pdf."])), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, max-age=300", vary: "cookie, accept-language" },
  });
