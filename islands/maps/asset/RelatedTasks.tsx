import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../../lib/ui/i18n";
import type { Asset } from "./asset-store";

/** The tasks placed on the object that the reader may see, each a link to its page. */
export function RelatedTasks({ asset, projectId }: { asset: Asset; projectId: number }) {
  useSignals();
  const { t } = useT();
  const list = asset.tasks.value;
  return (
    <section className="asset__section" aria-labelledby="asset-tasks">
      <div className="asset__head">
        <h3 id="asset-tasks">{t("map.asset.tasks")}</h3>
      </div>
      {list && !list.length && <p className="asset__empty">{t("map.asset.noTasks")}</p>}
      <ul className="asset__list">
        {list?.map((task) => (
          <li key={task.id}>
            <a className="asset__open" href={`/project/${projectId}/issue/${task.id}`}>
              {task.name}
            </a>
            <span className="asset__kind">{t(`issueStatus.${task.status as "OPEN"}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
