import type { User } from "../../../db/schema";
import { hasRank, type Role } from "../../lib/roles";

/**
 * Who does what in the wiki, the same for every article (it belongs to no project): every signed-in
 * user reads, moderators and above write (create, edit, restore, move), administrators delete.
 */
export const WIKI_RIGHTS = { read: "USER", write: "MODERATOR", remove: "ADMIN" } as const satisfies Record<string, Role>;

/** Whether `user` may create, edit and move articles (the pages show the buttons by it). */
export const mayWriteWiki = (user: Pick<User, "role">) => hasRank(user.role, WIKI_RIGHTS.write);

/** Whether `user` may delete articles. */
export const mayDeleteWiki = (user: Pick<User, "role">) => hasRank(user.role, WIKI_RIGHTS.remove);
