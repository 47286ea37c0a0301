import { t } from "../lib/i18n";

/**
 * The chat's strings. Pages with chat (/chats, documents) embed the chat.* keys; elsewhere they
 * come with the panel, fetched once from /chats/strings.json when it is first opened.
 */
let extra: Record<string, string> = {};
let loading: Promise<void> | undefined;

const embedded = () => t("chat.title") !== "chat.title";

export function loadStrings(): Promise<void> {
  if (embedded()) return Promise.resolve();
  loading ??= fetch("/chats/strings.json", { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : {}))
    .then((strings: Record<string, string>) => {
      extra = strings;
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
}

/** A translated string with {{name}} placeholders filled. */
export function ct(key: string, params?: Record<string, string | number>): string {
  const text = extra[key] ?? t(key);
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : text;
}

/** The translated text of an error code (server codes come as error.<code> keys), else the fallback. */
export function errorText(code: string, fallback = ct("common.error")): string {
  const key = `error.${code}`;
  const known = ct(key);
  return known !== key ? known : fallback;
}
