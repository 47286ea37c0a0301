import { useEffect } from "react";
import type { WidgetType } from "../../src/modules/widgets/limits";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import { useLoadedViewer } from "../viewers/useViewer";
import { WIDGET_VIEWERS, type WidgetContext } from "./registry";

/**
 * A widget's content: the viewer its type renders (islands/viewers). A type that cannot be shown, or a
 * failed load (the generic error toast too, spec 2), says so instead.
 */
export function WidgetBody({ type, dataId, projectId, canModerate }: { type: WidgetType } & WidgetContext) {
  const { t } = useT();
  const state = useLoadedViewer(dataId === null ? undefined : WIDGET_VIEWERS[type], type);
  const failed = state.status === "failed";
  useEffect(() => {
    if (failed) reportFailure(state.error, t("common.error"));
  }, [failed]);
  const note = failed ? "common.error" : state.status !== "none" ? null : type === "SENSOR" && dataId === null ? "widget.sensorEmpty" : "widget.unavailable";
  return (
    <div className="widget__body">
      {note && <p className="widget__note">{t(note)}</p>}
      <div className="widget__host" hidden={!!note}>
        {state.status === "up" && dataId !== null && <state.View dataId={dataId} projectId={projectId} canModerate={canModerate} compact />}
      </div>
    </div>
  );
}
