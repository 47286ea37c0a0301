/**
 * What other features call of chat: the live chat list (chatCore), writing to someone, and a task's
 * chat shown in an element of a page still built by a script (a bridge until that page renders
 * Comments itself).
 */
import type { Locale } from "../../src/lib/i18n";
import { errorText } from "../lib/failures";
import { locale } from "../lib/i18n";
import { mountComponent } from "../lib/mount-component";
import { snack } from "../lib/snackbar";
import { chatCore } from "./chat-core";
import { Comments } from "./comments";
import { loadPanel } from "./load-panel";
import { directChat, openDrawer, showChat } from "./store";
import { loadStrings } from "./strings";

export { chatCore };

const shown = new WeakMap<HTMLElement, { destroy: () => void }>();

/** A chat one may read (a task's ISSUE chat) in `el`, shown without joining until one writes. */
export async function openChatIn(el: HTMLElement, chatId: number) {
  await Promise.all([loadPanel(), showChat(chatId)]);
  shown.get(el)?.destroy();
  shown.set(el, mountComponent(el, <Comments locale={locale() as Locale} chatId={chatId} />));
}

/**
 * The user menus' write button: the direct chat with `userId` (made on first use), opened in the
 * drawer; on narrow screens, where there is no drawer, /chats?chat=ID. Nobody writes to themselves.
 */
export async function writeTo(userId: number) {
  if (userId === chatCore.me.id) return;
  try {
    const chatId = await directChat(userId);
    if (window.matchMedia("(max-width: 600px)").matches) location.assign(`/chats?chat=${chatId}`);
    else {
      await loadPanel();
      openDrawer(chatId);
    }
  } catch (error) {
    const failure = error as { status?: number; code?: string; message?: string };
    if (failure.status !== 401 && failure.status !== 403) {
      await loadStrings();
      snack(errorText(failure), "error");
    }
  }
}
