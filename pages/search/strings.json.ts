import type { APIRoute } from "astro";
import { messagesFor } from "../../src/lib/i18n";

/** The search sheet's strings in the reader's language, fetched when the sheet first opens. */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify(messagesFor(locals.locale, ["search.", "dataType."])), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, max-age=300", vary: "cookie, accept-language" },
  });
