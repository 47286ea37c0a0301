import { chromium, type Browser, type LaunchOptions } from "playwright-core";

interface WireMessage {
  id?: number;
  guid?: string;
  method?: string;
  params?: { type?: string };
}
interface ClientConnection {
  _objects: Map<string, unknown>;
  dispatch(message: WireMessage): void;
}

/**
 * Playwright (1.65) sometimes sends a page's WebSocket frames before the socket itself, mostly right after a reload,
 * and its client then throws "Cannot find object to frameReceived", failing whatever test runs. No test here watches
 * WebSocket frames, so the launched browser's client drops the events of sockets it has not been told of yet (and
 * of sockets whose page has gone) instead of throwing, and events naming other objects it no longer holds; every other
 * message is handled as before.
 */
function dropEarlySocketEvents(browser: Browser) {
  const connection = (browser as unknown as { _connection: ClientConnection })._connection;
  const dispatch = connection.dispatch.bind(connection);
  const known = (guid = "") => connection._objects.has(guid);
  connection.dispatch = (message) => {
    const socketEvent = message.guid?.startsWith("ws@") && message.method !== "__create__" && !known(message.guid);
    const orphanSocket = (message.method === "webSocket" || message.params?.type === "WebSocket") && !known(message.guid);
    if (socketEvent || orphanSocket) return;
    try {
      dispatch(message);
    } catch (error) {
      // An event naming an object this client has already let go (a response of a page that has moved on) is
      // thrown into whatever test runs: drop such events; an answer to a call still fails its caller.
      if (message.id !== undefined || !/was not bound in the connection/.test(String(error))) throw error;
    }
  };
}

/** chromium.launch with `options`, its client made tolerant of early WebSocket events (see above). */
export async function launchChromium(options: LaunchOptions): Promise<Browser> {
  const browser = await chromium.launch(options);
  dropEarlySocketEvents(browser);
  return browser;
}
