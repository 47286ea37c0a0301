import { useState } from "react";
import type { DataType } from "../../db/schema/data";
import { useT } from "../lib/ui/i18n";
import { DataCounts } from "./DataCounts";
import { setFavorite } from "./favorites";

/** A project as the home list shows it. */
export interface ListedProject {
  id: number;
  name: string;
  description: string;
  category: string;
  member: boolean;
  favorite: boolean;
  /** The types it holds data of (the page leaves zeros out: a hundred cards' props are half as long). */
  numberOfDataByType: Partial<Record<DataType, number>>;
}

/** The star of a project the reader is a member of: pressed at once, back if the server refuses. */
function Star({ project }: { project: ListedProject }) {
  const { t } = useT();
  const [on, setOn] = useState(project.favorite);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setOn(!on);
    if (!(await setFavorite(project, !on))) setOn(on);
    setBusy(false);
  };
  return (
    <button type="button" className="icon-btn star" aria-pressed={on} aria-label={t("project.favorite")} title={t("project.favorite")} onClick={toggle}>
      <span className="star__on">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <use href="#icon-star" />
        </svg>
      </span>
      <span className="star__off">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <use href="#icon-star-outline" />
        </svg>
      </span>
    </button>
  );
}

export function ProjectCard({ project, hidden }: { project: ListedProject; hidden: boolean }) {
  return (
    <li className="card pcard" data-project-id={project.id} hidden={hidden}>
      <div className="pcard__head">
        <a className="pcard__name" href={`/project/${project.id}/home`}>
          {project.name}
        </a>
        {project.member && <Star project={project} />}
      </div>
      {project.category && (
        <span>
          <span className="chip">{project.category}</span>
        </span>
      )}
      {project.description && <p className="pcard__desc">{project.description}</p>}
      <DataCounts projectId={project.id} counts={project.numberOfDataByType} />
    </li>
  );
}
