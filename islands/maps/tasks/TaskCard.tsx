import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose } from "@mdi/js";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import type { MapTasks } from "./store";

/** The card of the task clicked on the map: its name, status and reporter, and a link to its page. */
export function TaskCard({ tasks }: { tasks: MapTasks }) {
  useSignals();
  const { t } = useT();
  const task = tasks.picked.value;
  if (!task) return null;
  const reporter = task.reporter ? `${task.reporter.firstName} ${task.reporter.lastName}`.trim() : "";
  return (
    <section className="map__card" id="map-task" aria-label={t("map.task.card")} aria-live="polite">
      <h3>{task.name}</h3>
      <p>{reporter ? `${t(`issueStatus.${task.status}`)} · ${reporter}` : t(`issueStatus.${task.status}`)}</p>
      <a className="btn btn--ghost map__card-details" href={`/project/${task.project.id}/issue/${task.id}`}>
        {t("map.task.open")}
      </a>
      <button type="button" className="map__icon-button" aria-label={t("common.close")} title={t("common.close")} onClick={() => (tasks.picked.value = null)}>
        <Icon path={mdiClose} />
      </button>
    </section>
  );
}
