import { createApp } from "astro/app/entrypoint";

// Pages are rendered whole, not streamed: their data come from SQLite synchronously, so a stream would only
// cut the page into hundreds of chunks for the HTML rewriter and gzip to pass along one by one.
const app = createApp({ streaming: false });

/** Renders a page; `locals` carries the signed-in user, the locale and the services' context. */
export function render(request: Request, locals: object, clientAddress?: string): Promise<Response> {
  return app.render(request, { locals, clientAddress, addCookieHeader: true });
}
