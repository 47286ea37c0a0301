import { mdiAccountGroup, mdiClipboardListOutline, mdiDotsVertical, mdiPencil, mdiPlus, mdiTimelineOutline, mdiViewDashboardOutline } from "@mdi/js";
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import type { Timeline } from "../../src/modules/projects/model";
import { showFlash, reloadWith } from "../lib/flash";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { categoryForm } from "./home-store";
import { PanelDialog } from "./PanelDialog";
import { type ProjectFields, ProjectForm } from "./ProjectForm";
import { ProjectUsers, type UsersProps } from "./ProjectUsers";
import { Roadmap } from "./Roadmap";

type Open = "menu" | "roadmap" | "users" | "edit" | null;
/** Dialogs a reload reopens by the address's #hash (after a save: lib/flash's reloadWith). */
const BY_HASH: Record<string, Open> = { roadmap: "roadmap", users: "users" };

interface Props extends Omit<UsersProps, "projectName"> {
  project: ProjectFields & { id: number; timeline: Timeline };
  /** The project's moderators keep its task templates. */
  moderator: boolean;
}

/** The project card's actions (in a menu dialog on narrow screens) and the dialogs they open. */
function Actions({ project, moderator, ...users }: Props) {
  const { t } = useT();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  useEffect(() => {
    const named = BY_HASH[location.hash.slice(1)];
    if (named) {
      setOpen(named);
      history.replaceState(null, "", location.pathname + location.search);
    }
    showFlash();
  }, []);
  const save = async (fields: ProjectFields) => {
    await call(server.project.update.post({ id: project.id, ...fields }));
    reloadWith(t("project.dataSaved"));
  };
  const buttons = (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => setOpen("roadmap")}>
        <Icon path={mdiTimelineOutline} />
        {t("project.roadmap")}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => setOpen("users")}>
        <Icon path={mdiAccountGroup} />
        {t("project.users")}
      </button>
      <a className="btn btn--ghost" href={`/project/${project.id}/dashboard`}>
        <Icon path={mdiViewDashboardOutline} />
        {t("project.dashboard")}
      </a>
      {moderator && (
        <a className="btn btn--ghost" href={`/project/${project.id}/issue-templates`}>
          <Icon path={mdiClipboardListOutline} />
          {t("issue.templates.title")}
        </a>
      )}
      {users.admin && (
        <button type="button" className="btn btn--ghost" onClick={() => setOpen("edit")}>
          <Icon path={mdiPencil} />
          {t("project.editProject")}
        </button>
      )}
    </>
  );
  return (
    <>
      <div className="phead__actions">{buttons}</div>
      <button type="button" className="icon-btn phead__menu" aria-label={t("project.actions")} title={t("project.actions")} onClick={() => setOpen("menu")}>
        <Icon path={mdiDotsVertical} />
      </button>
      {open === "menu" && (
        <PanelDialog title={t("project.actions")} className="" onClose={close}>
          <div className="menu-list">
            {buttons}
            {users.admin && (
              <button type="button" className="btn btn--ghost" onClick={() => {
                close();
                categoryForm.value = {};
              }}>
                <Icon path={mdiPlus} />
                {t("category.create")}
              </button>
            )}
          </div>
        </PanelDialog>
      )}
      {open === "roadmap" && <Roadmap projectId={project.id} timeline={project.timeline} admin={users.admin} onClose={close} />}
      {open === "users" && <ProjectUsers projectName={project.name} {...users} onClose={close} />}
      {open === "edit" && (
        <Dialog title={t("project.editProject")} className="medium" onClose={close}>
          <ProjectForm prefix="project-edit" initial={{ name: project.name, description: project.description, category: project.category }} categories={project.category ? [project.category] : []} save={save} onCancel={close} />
        </Dialog>
      )}
    </>
  );
}

export default function ProjectActions({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Actions {...props} />
    </Localized>
  );
}
