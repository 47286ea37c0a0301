import { useSignals } from "@preact/signals-react/runtime";
import { mdiFullscreenExit } from "@mdi/js";
import { type ReactNode, useEffect, useRef } from "react";
import type { DataType } from "../../db/schema/data";
import type { Locale } from "../../src/lib/i18n";
import { Comments } from "../chat/comments";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import DataViewer from "../viewers/DataViewer";
import { arrowTabs } from "./arrow-tabs";
import * as frame from "./frame-store";

interface ItemMainProps {
  locale: Locale;
  type: DataType;
  dataId: number;
  projectId: number;
  canModerate: boolean;
  /** What shows until the viewer is up (the page's placeholder). */
  children?: ReactNode;
  /** The info tab's content, rendered by the page. */
  info?: ReactNode;
}

const TABS: frame.SideTab[] = ["info", "comments"];

/** Full screen covers the window; Escape leaves it unless a dialog has the key. */
function useFullScreen() {
  const on = frame.fullScreen.value;
  useEffect(() => {
    document.body.classList.toggle("docv-noscroll", on);
    if (!on) return;
    const leave = (event: KeyboardEvent) => event.key === "Escape" && !(event.target as Element).closest?.("dialog") && frame.setFullScreen(false);
    document.addEventListener("keydown", leave);
    return () => document.removeEventListener("keydown", leave);
  }, [on]);
  return on;
}

function SidePanel({ dataId, info }: { dataId: number; info?: ReactNode }) {
  useSignals();
  const { t, locale } = useT();
  const tabs = useRef(new Map<frame.SideTab, HTMLButtonElement>());
  const current = frame.sideTab.value;
  // The comments' chat (islands/chat) loads the first time its panel shows, and stays.
  const [commentsShown, setCommentsShown] = useState(false);
  useEffect(() => {
    if (current === "comments") setCommentsShown(true);
  }, [current]);
  const label = { info: t("docs.view.infoTab"), comments: t("chat.comments") };
  return (
    <aside className="side" id="data-side" aria-label={t("data.view.sidePanel")}>
      <div
        className="side__tabs"
        role="tablist"
        id="side-tabs"
        onKeyDown={(event) =>
          arrowTabs(event, TABS, current, (tab) => {
            frame.showTab(tab);
            tabs.current.get(tab)?.focus();
          })
        }
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            data-tab={tab}
            aria-controls={`panel-${tab}`}
            aria-selected={current === tab}
            tabIndex={current === tab ? 0 : -1}
            ref={(button) => void (button && tabs.current.set(tab, button))}
            onClick={() => frame.showTab(tab)}
          >
            {label[tab]}
          </button>
        ))}
      </div>
      <div className="side__panel" role="tabpanel" id="panel-info" aria-labelledby="tab-info" hidden={current !== "info"}>
        {info}
      </div>
      <div className="side__panel side__panel--chat" role="tabpanel" id="panel-comments" aria-labelledby="tab-comments" hidden={current !== "comments"}>
        {commentsShown && <Comments locale={locale} dataId={dataId} />}
      </div>
    </aside>
  );
}

function Main({ type, dataId, projectId, canModerate, children, info }: Omit<ItemMainProps, "locale">) {
  useSignals();
  const { t } = useT();
  const full = useFullScreen();
  return (
    <div className={frame.sideOpen.value ? "docv__main" : "docv__main is-side-hidden"} id="data-main">
      <section className={full ? "viewer is-fullscreen" : "viewer"} id="data-viewer" aria-labelledby="viewer-title">
        <div className="viewer__bar">
          <h2 className="viewer__title" id="viewer-title">
            {t(`dataType.${type}`)}
          </h2>
          {/* Shown only in full screen, where the page's head is covered. */}
          <button type="button" className="docv-icon viewer__exit" data-exit-fullscreen title={t("docs.view.fullScreen")} onClick={() => frame.setFullScreen(false, { returnFocus: true })}>
            <Icon path={mdiFullscreenExit} />
            <span className="visually-hidden">{t("docs.view.fullScreen")}</span>
          </button>
        </div>
        <div className="viewer__stage" id="viewer-stage">
          <DataViewer type={type} dataId={dataId} projectId={projectId} canModerate={canModerate}>
            {children}
          </DataViewer>
        </div>
      </section>
      <SidePanel dataId={dataId} info={info} />
    </div>
  );
}

/**
 * The data item page's viewer and side panel (spec 2, "Data detail page"): the viewer of the item's
 * type with full screen, and the panel's info and comments tabs, shown or hidden by the head's info
 * button (FrameTools, through the frame store).
 */
export default function ItemMain({ locale, ...props }: ItemMainProps) {
  return (
    <Localized locale={locale}>
      <Main {...props} />
    </Localized>
  );
}
