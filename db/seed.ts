import type { Db } from "./client";
import { users } from "./schema";
import { randomToken } from "../src/lib/crypto";
import { canonicalLogin } from "../src/modules/users/validation";

/**
 * Creates the first SYSTEM_ADMIN on an empty database. Without ADMIN_PASSWORD a strong password is
 * generated and returned so the caller prints it once.
 */
export async function seedAdmin(
  db: Db,
  options: { login: string; password?: string; email: string },
): Promise<{ created: boolean; password?: string }> {
  const any = db.select({ id: users.id }).from(users).limit(1).get();
  if (any) return { created: false };
  const password = options.password ?? randomToken(18);
  db.insert(users)
    .values({
      firstName: "System",
      lastName: "Administrator",
      login: options.login,
      loginKey: canonicalLogin(options.login),
      email: options.email,
      role: "SYSTEM_ADMIN",
      isActive: true,
      activatedAt: new Date(),
      passwordHash: await Bun.password.hash(password, { algorithm: "argon2id" }),
      avatar: "SA",
    })
    .run();
  return { created: true, password: options.password ? undefined : password };
}

