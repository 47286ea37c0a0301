import { api } from "../lib/api";
import { writeTo } from "../chat/core";
import { t, tf } from "../lib/i18n";
import { reportFailure } from "../lib/failures";
import { confirmAction } from "../lib/confirm";
import { control, reloadWith } from "./ui";

/**
 * The project users dialog: search, the companies dialog, the write button (a direct chat with the
 * card's user, opened in the chat panel), and an administrator's membership editing.
 */
export function startUsers(projectId: number) {
  const search = document.getElementById("users-search") as HTMLInputElement;
  const groups = [...document.querySelectorAll<HTMLElement>("#users-groups [data-company]")];
  const empty = document.getElementById("users-empty")!;
  const filter = () => {
    const needle = search.value.trim().toLocaleLowerCase();
    let total = 0;
    for (const group of groups) {
      let shown = 0;
      group.querySelectorAll<HTMLElement>("[data-search]").forEach((card) => {
        card.hidden = !!needle && !card.dataset.search!.includes(needle);
        if (!card.hidden) shown++;
      });
      group.hidden = shown === 0;
      group.querySelector("[data-group-count]")!.textContent = String(shown);
      total += shown;
    }
    empty.hidden = total > 0;
  };
  search.addEventListener("input", filter);
  document.getElementById("companies-dialog")!.addEventListener("click", (event) => {
    const pick = (event.target as Element).closest<HTMLElement>("[data-company-pick]");
    if (!pick) return;
    search.value = pick.dataset.companyPick!;
    filter();
    pick.closest("dialog")!.close();
    search.focus();
  });

  // Write: the dialog closes so the chat panel is not under it; the server refuses writing to oneself too.
  document.getElementById("users-groups")!.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-write]");
    const card = button?.closest<HTMLElement>("[data-user-id]");
    if (!button || !card) return;
    button.closest("dialog")?.close();
    button.setAttribute("aria-busy", "true");
    void writeTo(Number(card.dataset.userId)).finally(() => button.removeAttribute("aria-busy"));
  });

  const form = document.getElementById("member-form") as HTMLFormElement | null;
  if (form) startMemberEditor(form, projectId);
}

interface Editing {
  membershipId?: number;
  userId: number;
  role: string;
}

function startMemberEditor(form: HTMLFormElement, projectId: number) {
  const dialog = form.closest("dialog")!;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="category"]')];
  const moderator = control(form, "moderator");
  const removeButton = form.querySelector<HTMLButtonElement>("[data-member-remove]")!;
  let editing: Editing | undefined;

  // A type's box checks or clears its categories and shows whether some of them are chosen.
  const syncGroups = () =>
    form.querySelectorAll<HTMLElement>("[data-tree-group]").forEach((group) => {
      const toggle = group.querySelector<HTMLInputElement>("[data-group-toggle]")!;
      const children = [...group.querySelectorAll<HTMLInputElement>('input[name="category"]')];
      const on = children.filter((c) => c.checked).length;
      toggle.checked = on === children.length;
      toggle.indeterminate = on > 0 && on < children.length;
    });
  form.addEventListener("change", (event) => {
    const toggle = (event.target as Element).closest<HTMLInputElement>("[data-group-toggle]");
    if (toggle) toggle.closest("[data-tree-group]")!.querySelectorAll<HTMLInputElement>('input[name="category"]').forEach((c) => (c.checked = toggle.checked));
    syncGroups();
  });

  const open = (next: Editing, name: string, isModerator: boolean, categoryIds: string[]) => {
    editing = next;
    const plain = next.role === "USER";
    form.querySelector("[data-member-name]")!.textContent = name;
    form.querySelector<HTMLElement>("[data-user-only]")!.hidden = !plain;
    form.querySelector<HTMLElement>("[data-role-note]")!.hidden = plain;
    moderator.checked = isModerator;
    boxes.forEach((box) => (box.checked = categoryIds.includes(box.value)));
    syncGroups();
    removeButton.hidden = !next.membershipId;
    dialog.showModal();
  };

  document.getElementById("users-groups")!.addEventListener("click", (event) => {
    const card = (event.target as Element).closest<HTMLElement>("[data-member-edit]")?.closest<HTMLElement>("[data-member-id]");
    if (!card) return;
    const { memberId, userId, role, name, moderator: flag, categories } = card.dataset;
    open({ membershipId: Number(memberId), userId: Number(userId), role: role! }, name!, flag === "true", categories ? categories.split(",") : []);
  });

  const addForm = document.getElementById("add-user-form") as HTMLFormElement;
  addForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const select = addForm.querySelector("select");
    const option = select?.selectedOptions[0];
    if (!option) return;
    open({ userId: Number(option.value), role: option.dataset.role! }, option.textContent!, false, []);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!editing) return;
    const plain = editing.role === "USER";
    try {
      await api("project/add-user-project", {
        body: {
          id: editing.membershipId,
          user: { id: editing.userId },
          project: { id: projectId },
          moderator: plain && moderator.checked,
          categoryList: plain ? boxes.filter((b) => b.checked).map((b) => ({ id: Number(b.value) })) : [],
        },
      });
      reloadWith(t("project.dataSaved"), "success", "users");
    } catch (error) {
      reportFailure(error);
    }
  });

  removeButton.addEventListener("click", async () => {
    if (!editing?.membershipId) return;
    const name = form.querySelector("[data-member-name]")!.textContent!;
    if (!(await confirmAction(tf("project.removeUserConfirm", { name })))) return;
    try {
      await api("project/remove-user-project", { method: "POST", query: { id: editing.membershipId } });
      reloadWith(t("project.dataSaved"), "success", "users");
    } catch (error) {
      reportFailure(error);
    }
  });
}
