/** Spec 1 "/chats": the page's island. The chat panel itself is still mounted by the chat core (islands/chat/core.ts). */
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { openChatPage } from "./core";

function ChatPageBody({ chatId }: { chatId?: number }) {
  const { t } = useT();
  const host = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    openChatPage(host.current!, chatId)
      .then(() => setLoading(false))
      .catch(() => snack(t("error.network"), "error"));
  }, [chatId, t]);
  return (
    <div ref={host} id="chat-page" className="chat-page">
      {loading && (
        <p className="chat-page__loading" role="status">
          {t("common.loading")}
        </p>
      )}
    </div>
  );
}

export default function ChatPage({ locale, chatId }: { locale: Locale; chatId?: number }) {
  return (
    <Localized locale={locale}>
      <ChatPageBody chatId={chatId} />
    </Localized>
  );
}
