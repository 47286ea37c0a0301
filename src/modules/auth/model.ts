import { t } from "elysia";

export const loginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 256 }),
  password: t.String({ minLength: 1, maxLength: 1024 }),
});
