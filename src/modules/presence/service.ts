import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { BROADCAST_CHANNEL, type Broker } from "../../realtime/broker";

/**
 * Online presence over the live channel: others learn when a user's first tab connects and when the
 * last one closes; the close time is kept as the user's last logout time ("last seen").
 */
export function wirePresence(db: Db, live: Broker) {
  live.onPresence((userId, online) => {
    if (online) {
      live.publish(BROADCAST_CHANNEL, { type: "USERS_CONNECTED", ids: [userId] });
      return;
    }
    const lastLogoutDate = new Date();
    db.update(users).set({ lastLogoutDate }).where(eq(users.id, userId)).run();
    live.publish(BROADCAST_CHANNEL, { type: "USER_DISCONNECTED", id: userId, lastLogoutDate });
  });
  live.onSend(/^\/ws-prefix\/ping-pong$/, (_user, _match, _frame, reply) => reply({ type: "PING_PONG", time: Date.now() }));
}
