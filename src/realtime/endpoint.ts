import type { Server } from "bun";
import type { Db } from "../../db/client";
import { sessionFromRequest } from "../modules/auth/sessions";
import type { Broker, Connection } from "./broker";
import { isOwnOrigin } from "../lib/cross-site";

export const WS_PATH = "/ws-endpoint";

/**
 * Upgrades /ws-endpoint for a signed-in browser. The Origin must be our own host: the cookie alone
 * would let any site open the socket on the user's behalf.
 */
export function upgradeLive(
  request: Request,
  server: Server<Connection>,
  db: Db,
  broker: Broker,
  publicUrl: string,
): Response | undefined {
  // Browsers always send Origin on a socket handshake, so a foreign, "null" or malformed one is another
  // site (or a sandboxed frame); clients that are not browsers may send none.
  if (request.headers.has("origin") && !isOwnOrigin(request, new URL(publicUrl).origin)) {
    return Response.json({ status: 403, error: "origin_mismatch", message: "Cross-site socket refused" }, { status: 403 });
  }
  const found = sessionFromRequest(db, request);
  if (!found) return Response.json({ status: 401, error: "unauthorized", message: "Sign in first" }, { status: 401 });
  if (server.upgrade(request, { data: broker.newConnection(found.user, found.sessionId) })) return undefined;
  return Response.json({ status: 400, error: "websocket_expected", message: "Use a WebSocket here" }, { status: 400 });
}
