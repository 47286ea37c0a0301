/**
 * A data item's comments, or a task's chat, as a component pages render with client:visible (a side
 * panel's tab hydrates when shown): the chat panel chunk loads then, not with the page. A data item
 * has no chat before its first comment; that comment makes it. Read without joining (see showChat).
 */
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { errorText } from "../lib/failures";
import { locale } from "../lib/i18n";
import { mountComponent } from "../lib/mount-component";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { loadPanel } from "./load-panel";
import { loadStrings } from "./strings";
import { findDataChat, showChat } from "./store";

type Panel = Awaited<ReturnType<typeof loadPanel>>;
type Target = { dataId: number; chatId?: undefined } | { chatId: number; dataId?: undefined };

/** The chat to show: null for a data item without comments yet. */
async function chatOf(target: Target): Promise<number | null> {
  if (target.dataId !== undefined) return findDataChat(target.dataId);
  await showChat(target.chatId);
  return target.chatId;
}

function CommentsBody(target: Target) {
  const { t } = useT();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [chatId, setChatId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setFailed(false);
    Promise.all([loadPanel(), chatOf(target)]).then(
      ([module, id]) => {
        if (!current) return;
        setChatId(id);
        setPanel(module);
      },
      (error: { code?: string }) => {
        if (!current) return;
        snack(errorText(error?.code ? error : { code: "network" }), "error");
        // The note's words are the chat's, which this page may not embed.
        void loadStrings().finally(() => current && setFailed(true));
      },
    );
    return () => {
      current = false;
    };
  }, [target.dataId, target.chatId, round]);
  return (
    <div className="chat-comments" aria-busy={!panel && !failed}>
      {failed && (
        <p className="chat-messages__note">
          {t("chat.loadFailed")}{" "}
          <button type="button" className="btn btn--ghost" onClick={() => setRound((n) => n + 1)}>
            {t("chat.retry")}
          </button>
        </p>
      )}
      {panel && (chatId === null && target.dataId !== undefined ? <panel.FirstComment dataId={target.dataId} onCreated={setChatId} /> : chatId !== null && <panel.ChatFrame chatId={chatId} compact />)}
    </div>
  );
}

/** The comments of data item `dataId`, or the chat `chatId` (a task's), for a page's side panel. */
export function Comments({ locale: pageLocale, ...target }: { locale: Locale } & Target) {
  return (
    <Localized locale={pageLocale}>
      <CommentsBody {...(target as Target)} />
    </Localized>
  );
}

/**
 * The bridge for pages that still start the comments from a script: renders Comments into `panel`
 * (which names the item with data-data-id) the first time the panel is shown.
 * @public Kept while branches that call it are merged; pages render Comments instead.
 */
export function watchComments(panel: HTMLElement) {
  const dataId = Number(panel.dataset.dataId);
  if (!dataId) return;
  const start = () => {
    if (panel.hidden) return;
    observer.disconnect();
    mountComponent(panel, <Comments locale={locale() as Locale} dataId={dataId} />);
  };
  const observer = new MutationObserver(start);
  observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  start();
}
