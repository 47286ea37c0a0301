import { mdiCommentTextOutline } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../../src/lib/i18n";
import { Comments } from "../../chat/comments";
import { reportFailure } from "../../lib/failures";
import { locale } from "../../lib/i18n";
import { call, server } from "../../lib/server";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";

/** The object's comment chat, opened (made on first use, and joined) when the reader asks for it: the chat panel loads then. */
export function ObjectComments({ objectId }: { objectId: number }) {
  const { t } = useT();
  const [chatId, setChatId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      setChatId((await call(server.chats["chat-for-layer-poi"].post({ lpId: objectId }))).id);
    } catch (error) {
      reportFailure(error);
      setBusy(false);
    }
  };
  return (
    <section className="asset__section asset__comments" aria-labelledby="asset-comments">
      <div className="asset__head">
        <h3 id="asset-comments">{t("map.asset.comments")}</h3>
        {chatId === null && (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void open()}>
            <Icon path={mdiCommentTextOutline} /> {t("map.asset.openComments")}
          </button>
        )}
      </div>
      {chatId !== null && (
        <div className="asset__chat">
          <Comments locale={locale() as Locale} chatId={chatId} />
        </div>
      )}
    </section>
  );
}
