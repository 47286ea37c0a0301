import { type FormEvent, useState } from "react";
import { reportFailure } from "../lib/failures";
import { reloadWith } from "../lib/flash";
import { call, server } from "../lib/server";
import { useConfirm } from "../lib/ui/Confirm";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { categoryTree, type TreeCategory } from "./member-groups";

/** Whose membership the dialog edits: a member's (with its id), or a user's about to be added. */
export interface Editing {
  membershipId?: number;
  userId: number;
  name: string;
  role: string;
  moderator: boolean;
  categoryIds: number[];
}

function CategoryBox({ category, chosen, toggle }: { category: TreeCategory; chosen: Set<number>; toggle: (ids: number[], on: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" name="category" value={category.id} checked={chosen.has(category.id)} onChange={(event) => toggle([category.id], event.target.checked)} /> {category.name}
    </label>
  );
}

/** A type's box checks or clears its categories and shows whether some of them are chosen. */
function TypeGroup({ type, categories, chosen, toggle }: { type: string; categories: TreeCategory[]; chosen: Set<number>; toggle: (ids: number[], on: boolean) => void }) {
  const on = categories.filter((c) => chosen.has(c.id)).length;
  return (
    <li>
      <label>
        <input type="checkbox" checked={on === categories.length} ref={(box) => {
          if (box) box.indeterminate = on > 0 && on < categories.length;
        }} onChange={(event) => toggle(categories.map((c) => c.id), event.target.checked)} /> {type}
      </label>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <CategoryBox category={category} chosen={chosen} toggle={toggle} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** An administrator's membership dialog: the moderator flag and categories of a USER, removing a member. */
export function MemberDialog({ projectId, projectName, categories, editing, onClose }: {
  projectId: number;
  projectName: string;
  categories: TreeCategory[];
  editing: Editing;
  onClose: () => void;
}) {
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const [moderator, setModerator] = useState(editing.moderator);
  const [chosen, setChosen] = useState(() => new Set(editing.categoryIds));
  const plain = editing.role === "USER";
  const tree = categoryTree(categories);
  const toggle = (ids: number[], on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await call(server.project["add-user-project"].post({
        id: editing.membershipId,
        user: { id: editing.userId },
        project: { id: projectId },
        moderator: plain && moderator,
        categoryList: plain ? [...chosen].map((id) => ({ id })) : [],
      }));
      reloadWith(t("project.dataSaved"), "success", "users");
    } catch (error) {
      reportFailure(error);
    }
  };
  const remove = async () => {
    if (!editing.membershipId) return;
    if (!(await ask({ title: t("project.confirmTitle"), text: tf("project.removeUserConfirm", { name: editing.name }), confirm: t("project.delete") }))) return;
    try {
      await call(server.project["remove-user-project"].post({}, { query: { id: editing.membershipId } }));
      reloadWith(t("project.dataSaved"), "success", "users");
    } catch (error) {
      reportFailure(error);
    }
  };
  return (
    <>
      <Dialog title={projectName} className="medium" id="member-dialog" onClose={onClose}>
        <form onSubmit={save}>
          <p>
            <strong data-member-name>{editing.name}</strong>
          </p>
          {plain ? (
            <div>
              <label className="switch">
                <input type="checkbox" role="switch" name="moderator" checked={moderator} onChange={(event) => setModerator(event.target.checked)} /> {t("project.moderator")}
              </label>
              <fieldset className="panel">
                <legend>{t("project.userCategories")}</legend>
                {tree.length ? (
                  <ul className="tree">
                    {tree.map((node) =>
                      "category" in node ? (
                        <li key={node.category.id}>
                          <CategoryBox category={node.category} chosen={chosen} toggle={toggle} />
                        </li>
                      ) : (
                        <TypeGroup key={`type:${node.type}`} type={node.type} categories={node.children} chosen={chosen} toggle={toggle} />
                      ),
                    )}
                  </ul>
                ) : (
                  <p className="muted">{t("project.noUserCategories")}</p>
                )}
              </fieldset>
            </div>
          ) : (
            <p className="muted">{t("project.rightsByRole")}</p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t("common.cancel")}
            </button>
            {editing.membershipId && (
              <button type="button" className="btn btn--danger" onClick={remove}>
                {t("project.removeUser")}
              </button>
            )}
            <button type="submit" className="btn">
              {t("common.save")}
            </button>
          </div>
        </form>
      </Dialog>
      {question}
    </>
  );
}
