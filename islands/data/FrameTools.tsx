import { useSignals } from "@preact/signals-react/runtime";
import { mdiFullscreen, mdiInformationOutline, mdiViewSplitVertical } from "@mdi/js";
import { useEffect, useRef } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import * as frame from "./frame-store";

interface FrameToolsProps {
  locale: Locale;
  /** The side panel's and the viewer's ids, which the buttons control. */
  sideId: string;
  viewerId: string;
  /** The info button starts pressed (the panel opens on its info tab). */
  infoOpen: boolean;
  /** Split screen with this item on one side. */
  splitHref: string;
}

function Tools({ sideId, viewerId, infoOpen, splitHref }: Omit<FrameToolsProps, "locale">) {
  useSignals();
  const { t } = useT();
  const full = useRef<HTMLButtonElement>(null);
  const live = frame.touched.value;
  const returnFocus = frame.focusFullToggle.value;
  useEffect(() => {
    if (!returnFocus) return;
    full.current?.focus();
    frame.focusFullToggle.value = false;
  }, [returnFocus]);
  return (
    <>
      <button
        type="button"
        className="docv-icon"
        id="info-toggle"
        aria-pressed={live ? frame.sideOpen.value && frame.sideTab.value === "info" : infoOpen}
        aria-controls={sideId}
        title={t("docs.view.info")}
        onClick={frame.toggleInfo}
      >
        <Icon path={mdiInformationOutline} />
        <span className="visually-hidden">{t("docs.view.info")}</span>
      </button>
      <a className="docv-icon" id="split-screen-open" href={splitHref} title={t("viewer.splitScreen")}>
        <Icon path={mdiViewSplitVertical} />
        <span className="visually-hidden">{t("viewer.splitScreen")}</span>
      </a>
      <button type="button" className="docv-icon" id="fullscreen-toggle" aria-pressed={frame.fullScreen.value} aria-controls={viewerId} title={t("docs.view.fullScreen")} ref={full} onClick={() => frame.setFullScreen(!frame.fullScreen.value)}>
        <Icon path={mdiFullscreen} />
        <span className="visually-hidden">{t("docs.view.fullScreen")}</span>
      </button>
    </>
  );
}

/** The info, split-screen and full-screen buttons of a data item's page head: they drive ItemMain through the frame store. */
export default function FrameTools({ locale, ...props }: FrameToolsProps) {
  return (
    <Localized locale={locale}>
      <Tools {...props} />
    </Localized>
  );
}
