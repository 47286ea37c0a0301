import type { AppContext } from "../../lib/context";
import { revokeUserSessions } from "./sessions";

/** A switched-off account is signed out everywhere: its sessions go with the change, its live connections once it commits. */
export function wireAuthLifecycle(ctx: AppContext) {
  ctx.lifecycle.on("userDeactivated", (tx, { userId }) => {
    revokeUserSessions(tx, userId);
    return () => ctx.live.disconnectUser(userId);
  });
}
