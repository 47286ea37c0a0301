import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { directoryPasswordMatches } from "./client";
import { directoryConfig, directoryTransport } from "./config";

/**
 * Sign-in of an imported user: the password is checked by binding to the directory as the user, never
 * against anything Plexus keeps. Settings that no longer work answer 503, so the person learns that the
 * directory, not their password, is at fault. The answer names the transport, for the activity log.
 */
export async function directorySignIn(db: Db, user: User, password: string) {
  try {
    const config = directoryConfig(db);
    return { matches: await directoryPasswordMatches(config, user.login, password), transport: directoryTransport(config) };
  } catch {
    throw new AppError(503, "directory_unavailable", "Sign-in through the directory is not possible right now; try again later");
  }
}
