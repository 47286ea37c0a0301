import { mdiMagnify, mdiPlus, mdiStar, mdiStarOutline } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { PROJECT_LIMITS } from "../../src/modules/projects/limits";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { type ListedProject, ProjectCard } from "./ProjectCard";
import { type ProjectFields, ProjectForm } from "./ProjectForm";

interface Props {
  projects: ListedProject[];
  /** The search the server filtered by (the list is its subset), or "". */
  search: string;
  canCreate: boolean;
  /** Categories of the listed projects, suggested in the create dialog. */
  categories: string[];
}

const haystack = (p: ListedProject) => `${p.name} ${p.description} ${p.category}`.toLocaleLowerCase();

function CreateProject({ categories, onClose }: { categories: string[]; onClose: () => void }) {
  const { t } = useT();
  const create = async (fields: ProjectFields) => {
    const project = await call(server.project.create.post(fields));
    location.assign(`/project/${project.id}/home`);
  };
  return (
    <Dialog title={t("project.create")} className="medium" onClose={onClose}>
      <ProjectForm prefix="project" categories={categories} save={create} onCancel={onClose} />
    </Dialog>
  );
}

/** The home page's projects: search as one types (Enter asks the server when the page holds a search's subset), stars, creating. */
function Projects({ projects, search, canCreate, categories }: Props) {
  const { t } = useT();
  const [typed, setTyped] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const needle = (typed ?? "").trim().toLocaleLowerCase();
  const matches = (p: ListedProject) => !needle || haystack(p).includes(needle);
  const shown = projects.filter(matches).length;
  const noMatch = typed === null ? !!search && !projects.length : !!needle && !shown && (projects.length > 0 || !!search);
  return (
    <>
      <div className="toolbar">
        <h2>{t("home.projects")}</h2>
        <form className="search" role="search" method="get" id="project-search" onSubmit={(event) => !search && event.preventDefault()}>
          <Icon path={mdiMagnify} />
          <label htmlFor="project-search-input" className="visually-hidden">
            {t("home.search")}
          </label>
          <input id="project-search-input" type="search" name="search" defaultValue={search} placeholder={t("home.search")} autoComplete="off"
            maxLength={PROJECT_LIMITS.search} onInput={(event) => setTyped(event.currentTarget.value)} />
        </form>
        {canCreate && (
          <button type="button" className="btn" onClick={() => setCreating(true)}>
            <Icon path={mdiPlus} />
            {t("project.create")}
          </button>
        )}
      </div>
      {!projects.length && !search && <p className="card empty" id="projects-empty">{canCreate ? t("home.emptyAdmin") : t("home.empty")}</p>}
      <p className="empty" id="projects-no-match" hidden={!noMatch}>
        {t("home.noMatch")}
      </p>
      {/* Each icon once; a hundred cards refer to it instead of repeating the path (less HTML, faster render). */}
      <svg style={{ display: "none" }}>
        <symbol id="icon-star" viewBox="0 0 24 24">
          <path d={mdiStar} />
        </symbol>
        <symbol id="icon-star-outline" viewBox="0 0 24 24">
          <path d={mdiStarOutline} />
        </symbol>
      </svg>
      <ul className="plist" id="project-list">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} hidden={!matches(project)} />
        ))}
      </ul>
      {creating && <CreateProject categories={categories} onClose={() => setCreating(false)} />}
    </>
  );
}

export default function ProjectsPage({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Projects {...props} />
    </Localized>
  );
}
