import { t } from "elysia";

export const loginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 256 }),
  password: t.String({ minLength: 1, maxLength: 1024 }),
  /** The sign-in page's form post (no JavaScript) names the page to return to; see lib/safe-next. */
  next: t.Optional(t.String({ maxLength: 2048 })),
});
