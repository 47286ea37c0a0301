import { useSignals } from "@preact/signals-react/runtime";
import { mdiFullscreenExit } from "@mdi/js";
import { type ReactNode, useEffect, useRef, useState } from "react";
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
  /** What the page loaded for the viewer (ViewerContext.initial: a table's first rows). */
  initial?: unknown;
  /** The info tab's content, rendered by the page. */
  info?: ReactNode;
  /** The document page's slots: its own viewer pane, and a versions tab first, open at the start (the ids are doc-…). */
  viewer?: ReactNode;
  versions?: ReactNode;
}

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

function SidePanel({ dataId, info, versions }: { dataId: number; info?: ReactNode; versions?: ReactNode }) {
  useSignals();
  const { t, locale } = useT();
  const tabs = useRef(new Map<frame.SideTab, HTMLButtonElement>());
  const TABS: frame.SideTab[] = versions ? ["versions", "info", "comments"] : ["info", "comments"];
  // Until someone uses the frame, the page's first tab, as the server drew it.
  const current = frame.touched.value ? frame.sideTab.value : TABS[0]!;
  useEffect(() => frame.startAt(TABS[0]!), []);
  // The comments' chat (islands/chat) loads the first time its panel shows, and stays.
  const [commentsShown, setCommentsShown] = useState(false);
  useEffect(() => {
    if (current === "comments") setCommentsShown(true);
  }, [current]);
  const label = { versions: t("docs.view.versions"), info: t("docs.view.infoTab"), comments: t("chat.comments") };
  return (
    <aside className="side" id={versions ? "doc-side" : "data-side"} aria-label={t(versions ? "docs.view.sidePanel" : "data.view.sidePanel")}>
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
      {versions && (
        <div className="side__panel" role="tabpanel" id="panel-versions" aria-labelledby="tab-versions" hidden={current !== "versions"}>
          {versions}
        </div>
      )}
      <div className="side__panel" role="tabpanel" id="panel-info" aria-labelledby="tab-info" hidden={current !== "info"}>
        {info}
      </div>
      <div className="side__panel side__panel--chat" role="tabpanel" id="panel-comments" aria-labelledby="tab-comments" hidden={current !== "comments"}>
        {commentsShown && <Comments locale={locale} dataId={dataId} />}
      </div>
    </aside>
  );
}

function Main({ type, dataId, projectId, canModerate, children, info, viewer, versions, initial }: Omit<ItemMainProps, "locale">) {
  useSignals();
  const full = useFullScreen();
  const ids = versions ? "doc" : "data";
  return (
    <div className={frame.sideOpen.value ? "docv__main" : "docv__main is-side-hidden"} id={`${ids}-main`}>
      <section className={full ? "viewer is-fullscreen" : "viewer"} id={`${ids}-viewer`} aria-labelledby="viewer-title">
        {viewer ?? (
          <TypeViewer type={type} dataId={dataId} projectId={projectId} canModerate={canModerate} initial={initial}>
            {children}
          </TypeViewer>
        )}
      </section>
      <SidePanel dataId={dataId} info={info} versions={versions} />
    </div>
  );
}

/** The viewer of the item's type under a bar with its name, and the button that leaves full screen. */
function TypeViewer({ type, dataId, projectId, canModerate, children, initial }: Pick<ItemMainProps, "type" | "dataId" | "projectId" | "canModerate" | "children" | "initial">) {
  const { t } = useT();
  return (
    <>
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
        <DataViewer type={type} dataId={dataId} projectId={projectId} canModerate={canModerate} initial={initial}>
          {children}
        </DataViewer>
      </div>
    </>
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
