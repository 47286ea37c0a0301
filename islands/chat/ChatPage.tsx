/** Spec 1 "/chats": the chat panel as the page; ?chat=ID is selected once the live connection has brought the list. */
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { loadPanel } from "./load-panel";
import { pageShown } from "./store";

type Panel = Awaited<ReturnType<typeof loadPanel>>;

function ChatPageBody({ chatId }: { chatId?: number }) {
  const { t } = useT();
  const [panel, setPanel] = useState<Panel | null>(null);
  useEffect(() => {
    pageShown.value = true;
    loadPanel()
      .then((module) => {
        setPanel(module);
        if (chatId) module.selectWhenLoaded(chatId);
      })
      .catch(() => snack(t("error.network"), "error"));
    return () => {
      pageShown.value = false;
    };
  }, [chatId, t]);
  return (
    <div id="chat-page" className="chat-page">
      {panel ? (
        <panel.ChatPanel mode="page" />
      ) : (
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
