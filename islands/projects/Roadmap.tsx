import { mdiPencil } from "@mdi/js";
import { useState } from "react";
import type { Timeline } from "../../src/modules/projects/model";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { PanelDialog } from "./PanelDialog";
import { RoadmapEditor } from "./RoadmapEditor";
import { stepColor } from "./step-color";

/** The roadmap dialog: the timeline and its legend; an administrator's Edit opens the editor over it. */
export function Roadmap({ projectId, timeline, admin, onClose }: { projectId: number; timeline: Timeline; admin: boolean; onClose: () => void }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const edit = admin && (
    <button type="button" className="btn btn--ghost" onClick={() => setEditing(true)}>
      <Icon path={mdiPencil} />
      {t("project.roadmapEdit")}
    </button>
  );
  return (
    <>
      <PanelDialog title={t("project.roadmap")} className="wide" onClose={onClose} tools={edit}>
        {timeline.steps.length ? (
          <ol className="timeline" id="roadmap-steps">
            {timeline.steps.map((step, i) => (
              // The saved steps have no ids and never move here.
              <li key={i} title={step.tooltip || undefined}>
                <span className="timeline__dot" style={{ background: stepColor(step.color) }} aria-hidden="true" />
                <div className="timeline__body">
                  <strong>{step.title}</strong> {step.tag && <span className="chip">{step.tag}</span>}
                  {step.description && <p>{step.description}</p>}
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="empty">{t("project.roadmapEmpty")}</p>
        )}
        {timeline.description && <p className="timeline__legend">{timeline.description}</p>}
      </PanelDialog>
      {editing && <RoadmapEditor projectId={projectId} timeline={timeline} onClose={() => setEditing(false)} />}
    </>
  );
}
