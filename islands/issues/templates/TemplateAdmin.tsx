import { mdiPlus } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../../src/lib/i18n";
import { reportFailure } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import { useConfirm } from "../../lib/ui/Confirm";
import { Icon } from "../../lib/ui/Icon";
import { Localized, useT } from "../../lib/ui/i18n";
import type { Template } from "../types";
import { TemplateDialog } from "./TemplateDialog";

interface Props {
  templates: Template[];
  types: Template["fields"][number]["type"][];
  /** A project's own templates (its moderators' page), beside the global ones it also offers; none: the global ones (SYSTEM_ADMIN). */
  project?: { id: number; global: string[] };
}

/** The templates' table, New template, and the dialog that creates or edits one: /admin/issue-templates and a project's own. */
export default function TemplateAdmin({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Templates {...props} />
    </Localized>
  );
}

function Templates({ templates: initial, types, project }: Props) {
  const { t, tf } = useT();
  const [templates, setTemplates] = useState(initial);
  const [dialog, setDialog] = useState<{ editing?: Template }>();
  const [question, ask] = useConfirm();

  const remove = async (tpl: Template) => {
    if (!(await ask({ title: t("project.confirmTitle"), text: tf("issue.templates.deleteConfirm", { name: tpl.name }), confirm: t("project.delete") }))) return;
    try {
      await call(server["issue-template"].delete.post({}, { query: { id: tpl.id } }));
      setTemplates((all) => all.filter((x) => x.id !== tpl.id));
      snack(t("issue.templates.deleted"), "success");
    } catch (error) {
      reportFailure(error);
    }
  };

  const saved = (tpl: Template) => {
    setTemplates((all) => (all.some((x) => x.id === tpl.id) ? all.map((x) => (x.id === tpl.id ? tpl : x)) : [...all, tpl]));
    setDialog(undefined);
    snack(t("issue.templates.saved"), "success");
  };

  return (
    <>
      <div className="tt-head">
        <h1>{t(project ? "issue.templates.projectTitle" : "issue.templates.title")}</h1>
        <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setDialog({})}>
          <Icon path={mdiPlus} />
          {t("issue.templates.create")}
        </button>
      </div>
      <p className="td-muted" hidden={templates.length > 0}>
        {t("issue.templates.empty")}
      </p>
      {project && project.global.length > 0 && <p className="td-muted">{tf("issue.templates.globalToo", { names: project.global.join(", ") })}</p>}
      <div className="table-scroll">
        <table className="list tt-table" hidden={!templates.length}>
          <thead>
            <tr>
              <th scope="col">{t("issue.templates.name")}</th>
              <th scope="col">{t("issue.templates.fields")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("admin.users.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.map((tpl) => (
              <tr key={tpl.id}>
                <td>{`${tpl.icon} ${tpl.name}`.trim()}</td>
                <td>{tpl.fields.map((f) => `${f.name}${f.required ? " *" : ""}`).join(", ") || "—"}</td>
                <td>
                  <button type="button" className="btn btn--ghost" aria-label={`${t("issue.templates.edit")}: ${tpl.name}`} onClick={() => setDialog({ editing: tpl })}>
                    {t("issue.templates.edit")}
                  </button>
                  <button type="button" className="btn btn--ghost" aria-label={`${t("issue.templates.delete")}: ${tpl.name}`} onClick={() => void remove(tpl)}>
                    {t("issue.templates.delete")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog && <TemplateDialog editing={dialog.editing} types={types} projectId={project?.id} onSaved={saved} onClose={() => setDialog(undefined)} />}
      {question}
    </>
  );
}
