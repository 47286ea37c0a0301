import type { AppContext } from "../../lib/context";
import type { Frame } from "../../realtime/stomp";
import type { OutgoingMessage } from "./model";
import { editMessage, markRead, removeMessage, sendMessage } from "./messages";
import { canEnterChat } from "./policy";

/** A SEND body is plain text, or JSON with text or a file; the outbox id may also come as a header. */
function outgoing(frame: Frame): OutgoingMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.body);
  } catch {
    parsed = undefined;
  }
  const clientId = frame.headers["client-id"];
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const { text, file, clientId: bodyId } = parsed as Record<string, unknown>;
    return {
      text: typeof text === "string" ? text : undefined,
      file: file && typeof file === "object" && Number.isInteger((file as { id?: unknown }).id) ? { id: (file as { id: number }).id } : undefined,
      clientId: typeof bodyId === "string" ? bodyId : clientId,
    };
  }
  return { text: frame.body, clientId };
}

/**
 * The chat's live destinations: topics for whoever may enter the chat (asked again whenever the
 * user's rights change; a dropped topic tells the user DETACHED), and the SEND handlers: send, read,
 * remove and edit.
 */
export function wireChatLive(ctx: AppContext) {
  ctx.live.allow(
    /^\/ws-broker\/topic\/(\d{1,15})$/,
    (user, match) => canEnterChat(ctx.db, user, Number(match[1])),
    (match) => ({ type: "DETACHED", chatId: Number(match[1]) }),
  );
  ctx.live.onSend(/^\/ws-prefix\/notify\/(\d{1,15})$/, (user, match, frame) => {
    sendMessage(ctx, user, Number(match[1]), outgoing(frame));
  });
  ctx.live.onSend(/^\/ws-prefix\/chat\/(\d{1,15})\/message-read\/(\d{1,15})$/, (user, match, _frame, reply) => {
    reply(markRead(ctx, user, Number(match[1]), Number(match[2])));
  });
  ctx.live.onSend(/^\/ws-prefix\/chat\/(\d{1,15})\/message-remove\/(\d{1,15})$/, (user, match) => {
    removeMessage(ctx, user, Number(match[1]), Number(match[2]));
  });
  ctx.live.onSend(/^\/ws-prefix\/chat\/(\d{1,15})\/message-edit\/(\d{1,15})$/, (user, match, frame) => {
    editMessage(ctx, user, Number(match[1]), Number(match[2]), outgoing(frame).text);
  });
}
