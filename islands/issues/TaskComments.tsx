import { useEffect, useId, useRef, useState } from "react";
import { openChatIn } from "../chat/core";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";

/**
 * The task's ISSUE chat as its comments and history: the chat panel (islands/chat) draws itself into
 * this element, which stays the same while the detail shows one task after another.
 */
export function TaskComments({ chatId, hidden }: { chatId: number | undefined; hidden: boolean }) {
  const { t } = useT();
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (chatId === undefined) return;
    setBusy(true);
    openChatIn(host.current!, chatId)
      .catch(reportFailure)
      .finally(() => setBusy(false));
  }, [chatId]);
  return (
    <section className="td-comments" aria-labelledby={titleId} hidden={hidden}>
      <h3 id={titleId}>{t("issue.comments")}</h3>
      <div className="td-chat" ref={host} aria-busy={busy || undefined} />
    </section>
  );
}
