import { createApp } from "astro/app/entrypoint";

const app = createApp();

/** Renders a page; `locals` carries the signed-in user, the locale and the services' context. */
export function render(request: Request, locals: object, clientAddress?: string): Promise<Response> {
  return app.render(request, { locals, clientAddress, addCookieHeader: true });
}
