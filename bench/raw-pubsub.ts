// The chat-load baseline: raw Bun pub/sub on 127.0.0.1:$PORT, in its own process like Plexus.
// A socket opened with ?topic=T is subscribed to T and told "ok"; a text frame "T|..." is published
// unchanged to T. server.publish (not ws.publish) so the sender gets its own message too, exactly as
// Plexus's broker does: both sides then deliver one copy to each of a chat's 20 members.
import type { ServerWebSocket } from "bun";

type Data = { topic: string };

const server = Bun.serve<Data>({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT),
  fetch(request, server) {
    const topic = new URL(request.url).searchParams.get("topic");
    if (topic && server.upgrade(request, { data: { topic } })) return undefined;
    return new Response("raw pub/sub: open a WebSocket with ?topic=", { status: 400 });
  },
  websocket: {
    idleTimeout: 0,
    open(ws: ServerWebSocket<Data>) {
      ws.subscribe(ws.data.topic);
      ws.send("ok");
    },
    message(_ws, raw) {
      const text = typeof raw === "string" ? raw : raw.toString("utf8");
      server.publish(text.slice(0, text.indexOf("|")), text);
    },
  },
});
