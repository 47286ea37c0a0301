/**
 * The shell's chat entries, on every signed-in page: in the rail a button opening the chat drawer
 * (with the unread badge) and, outside /chats, the quick list; in the bottom bar a link to /chats.
 * The rail's copy starts the live chat list and shows what the entries open (the panel's overlays,
 * imported on first use); the tab's title counts unread messages too, as in Mattermost: "(3) Plexus…".
 */
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useSignals } from "@preact/signals-react/runtime";
import type { Locale } from "../../src/lib/i18n";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { chatCore } from "./chat-core";
import { mdiForum, mdiMessageFlashOutline } from "./icons";
import { loadPanel } from "./load-panel";
import { drawerOpen, listSearchFocus, modalChatId, openDrawer, question, quickAnchor, toggleQuickList, unread } from "./store";
import type { Me } from "./types";

interface Props {
  locale: Locale;
  place: "rail" | "bottom";
  me: Me;
  /** On /chats the page is the panel: the rail's button goes to its list, and there is no quick list. */
  onChats: boolean;
}

type Panel = Awaited<ReturnType<typeof loadPanel>>;

function Badge() {
  useSignals();
  // Hydrated as the server rendered it (no count): another island may have brought the list meanwhile.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = hydrated ? unread.value : 0;
  return (
    <span className="chat-nav__badge" data-chat-badge hidden={count === 0}>
      {count > 99 ? "99+" : count || ""}
    </span>
  );
}

/** The "(3) " put before the page's title, if any. */
let titlePrefix = "";

function useUnreadTitle() {
  useSignals();
  const count = unread.value;
  useEffect(() => {
    const title = titlePrefix && document.title.startsWith(titlePrefix) ? document.title.slice(titlePrefix.length) : document.title;
    titlePrefix = count ? `(${count > 99 ? "99+" : count}) ` : "";
    document.title = titlePrefix + title;
  }, [count]);
}

/** The drawer, quick list, small window and questions, once one of them is wanted: at the page's end, not in the rail (hidden on phones). */
function Overlays() {
  useSignals();
  const [panel, setPanel] = useState<Panel | null>(null);
  const wanted = drawerOpen.value || quickAnchor.value !== null || modalChatId.value !== null || question.value !== null;
  useEffect(() => {
    if (wanted && !panel) loadPanel().then(setPanel, () => undefined);
  }, [wanted, panel]);
  return panel && createPortal(<panel.Overlays />, document.body);
}

function RailEntries({ onChats }: { onChats: boolean }) {
  const { t } = useT();
  const [busy, setBusy] = useState<"open" | "quick" | null>(null);
  const quick = useRef<HTMLButtonElement>(null);
  useUnreadTitle();
  const withPanel = (which: "open" | "quick", action: () => void) => {
    setBusy(which);
    loadPanel()
      .then(action, (error: unknown) => {
        console.error(error);
        snack(errorText({ code: "network" }), "error");
      })
      .finally(() => setBusy(null));
  };
  return (
    <>
      <button
        type="button"
        className="chat-nav"
        data-chat-open
        title={t("nav.chats")}
        aria-current={onChats ? "page" : undefined}
        aria-busy={busy === "open" || undefined}
        onClick={() => (onChats ? listSearchFocus.value++ : withPanel("open", () => openDrawer()))}
      >
        <Icon path={mdiForum} />
        <span className="visually-hidden">{t("nav.chats")}</span>
        <Badge />
      </button>
      {!onChats && (
        <button
          type="button"
          ref={quick}
          className="chat-nav chat-nav--quick"
          data-chat-quick
          title={t("nav.quickChats")}
          aria-label={t("nav.quickChats")}
          aria-busy={busy === "quick" || undefined}
          onClick={() => withPanel("quick", () => quick.current && toggleQuickList(quick.current))}
        >
          <Icon path={mdiMessageFlashOutline} />
        </button>
      )}
      <Overlays />
    </>
  );
}

function BottomEntry({ onChats }: { onChats: boolean }) {
  const { t } = useT();
  return (
    <a href="/chats" className="chat-nav" aria-current={onChats ? "page" : undefined}>
      <Icon path={mdiForum} />
      <span className="visually-hidden">{t("nav.chats")}</span>
      <Badge />
    </a>
  );
}

export default function ChatNav({ locale, place, me, onChats }: Props) {
  useEffect(() => chatCore.start(me), [me]);
  return <Localized locale={locale}>{place === "rail" ? <RailEntries onChats={onChats} /> : <BottomEntry onChats={onChats} />}</Localized>;
}
