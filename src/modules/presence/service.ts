import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sessions, users, type User } from "../../../db/schema";
import { BROADCAST_CHANNEL, type Broker, type SessionCheck } from "../../realtime/broker";

// Every inbound frame re-reads its socket's session and user, so both lookups are prepared once
// per database (two primary-key reads, as in auth/sessions.ts).
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) => ({
  session: db.select({ userId: sessions.userId, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare(),
  user: db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare(),
});

/** The live channel's session check: the current user behind a session id, or null when it ended, expired or the user is inactive. */
function liveSessionCheck(db: Db): SessionCheck {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = prepare(db);
    statements.set(db, prepared);
  }
  const { session, user } = prepared;
  return (sessionId) => {
    const found = session.get({ id: sessionId });
    if (!found || found.expiresAt.getTime() <= Date.now()) return null;
    const row = user.get({ id: found.userId }) as User | undefined;
    return row?.isActive ? row : null;
  };
}

const brokers = new WeakMap<Db, Broker>();

/**
 * Re-evaluates a user's live connections after their sessions or rights changed, for callers
 * that hold only the database (the password reset): see Broker.recheckUser.
 */
export function recheckLiveUser(db: Db, userId: number) {
  brokers.get(db)?.recheckUser(userId);
}

/** recheckLiveUser for everyone connected, when a change touches many users at once (a data item's categories). */
export function recheckLiveAll(db: Db) {
  brokers.get(db)?.recheckAll();
}

/**
 * Online presence over the live channel: others learn when a user's first tab connects and when the
 * last one closes; the close time is kept as the user's last logout time ("last seen"). Also ties
 * every socket to its session: each frame re-reads it (see liveSessionCheck).
 */
export function wirePresence(db: Db, live: Broker) {
  brokers.set(db, live);
  live.checkSessionsWith(liveSessionCheck(db));
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
