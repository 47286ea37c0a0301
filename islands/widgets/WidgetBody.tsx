import { useEffect, useRef, useState } from "react";
import type { MessageKey } from "../../locales/en";
import type { WidgetType } from "../../src/modules/widgets/limits";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import type { MountedViewer } from "../viewers/registry";
import { WIDGET_RENDERERS, type WidgetContext } from "./registry";

/**
 * A widget's content: the viewer its type renders (islands/viewers, which mount into an element)
 * in an element this component owns, taken down on unmount. A type that cannot be shown, or a
 * failed load (the generic error toast too, spec 2), says so instead.
 */
export function WidgetBody({ type, dataId, projectId, canModerate }: { type: WidgetType } & WidgetContext) {
  const { t } = useT();
  const host = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState<MessageKey | null>(null);
  useEffect(() => {
    let gone = false;
    let viewer: MountedViewer | undefined;
    const render = WIDGET_RENDERERS[type];
    (async () => {
      try {
        viewer = render ? await render(host.current!, { dataId, projectId, canModerate }) : undefined;
        if (gone) viewer?.destroy();
        else if (!viewer) setNote(type === "SENSOR" && dataId === null ? "widget.sensorEmpty" : "widget.unavailable");
      } catch (error) {
        if (gone) return;
        reportFailure(error, t("common.error"));
        setNote("common.error");
      }
    })();
    return () => {
      gone = true;
      viewer?.destroy();
    };
  }, [type, dataId, projectId, canModerate]);
  return (
    <div className="widget__body">
      {note && <p className="widget__note">{t(note)}</p>}
      <div className="widget__host" ref={host} hidden={!!note} />
    </div>
  );
}
