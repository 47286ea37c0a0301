import type { MessageKey } from "../../locales/en";
import { addMessages, hasMessage, t, tf } from "../lib/i18n";

/**
 * The chat's strings. Pages with chat (/chats, documents) embed the chat.* keys; elsewhere they
 * come with the panel, fetched once from /chats/strings.json when it is first opened.
 */
let loading: Promise<void> | undefined;


export function loadStrings(): Promise<void> {
  if (hasMessage("chat.title")) return Promise.resolve();
  loading ??= fetch("/chats/strings.json", { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : {}))
    .then((strings: Record<string, string>) => {
      addMessages(strings);
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
}

/** A chat string (once loadStrings has brought them), with {{name}} placeholders filled. */
export const ct = (key: MessageKey, params?: Record<string, string | number>): string => (params ? tf(key, params) : t(key));
