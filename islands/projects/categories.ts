import { api, ApiError } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { sortable } from "./sortable";
import { confirmAction } from "../lib/confirm";
import { control, reloadWith, reportFailure, showFieldError } from "./ui";

/** An administrator's category tools on the project home: reorder, create, edit, copy, delete. */
export function startCategories(projectId: number) {
  const list = document.getElementById("category-list") as HTMLOListElement;
  if (!list.dataset.admin) return;

  sortable(list, async (changed, before) => {
    try {
      await api("category/save-all", { body: currentOrder(list) });
      snack(t("category.orderSaved"), "success");
    } catch (error) {
      changed.append(...before);
      reportFailure(error, t("project.errorWritingData"));
    }
  });

  const form = document.getElementById("category-form") as HTMLFormElement;
  const dialog = form.closest("dialog")!;
  const title = dialog.querySelector<HTMLElement>("h2")!;
  const open = (card?: HTMLElement) => {
    form.reset();
    showFieldError(form, "name", null);
    showFieldError(form, "type", null);
    control(form, "id").value = card?.dataset.categoryId ?? "";
    title.textContent = card ? title.dataset.titleEdit! : title.dataset.titleNew!;
    if (card) {
      control(form, "name").value = card.dataset.name!;
      control(form, "type").value = card.dataset.type!;
      control<HTMLTextAreaElement>(form, "description").value = card.querySelector(".ccard__desc")?.innerHTML ?? "";
    }
    document.querySelector<HTMLDialogElement>("dialog[data-menu][open]")?.close();
    dialog.showModal();
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = control(form, "name").value.trim();
    showFieldError(form, "name", name ? null : t("category.nameRequired"));
    if (!name) return;
    const id = Number(control(form, "id").value) || undefined;
    try {
      await api("category/save", {
        body: {
          id,
          name,
          type: control(form, "type").value.trim() || null,
          description: control<HTMLTextAreaElement>(form, "description").value,
          project: { id: projectId },
        },
      });
      reloadWith(t("category.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.details.length) {
        error.details.forEach((d) => showFieldError(form, d.path.replace(/^body\./, ""), d.message));
      } else reportFailure(error, t("project.errorWritingData"));
    }
  });

  const copyForm = document.getElementById("category-copy-form") as HTMLFormElement;
  const copyDialog = copyForm.closest("dialog")!;
  copyForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = control(copyForm, "name").value.trim();
    showFieldError(copyForm, "name", name ? null : t("category.nameRequired"));
    if (!name) return;
    const id = control(copyForm, "categoryId").value;
    try {
      const copy = await api<{ id: number; name: string }>("category/make-copy", { body: { categoryId: Number(id), name } });
      const original = list.querySelector<HTMLElement>(`[data-category-id="${id}"]`)!;
      original.after(cloneCard(original, projectId, copy));
      copyDialog.close();
      snack(t("category.copied"), "success");
    } catch (error) {
      if (error instanceof ApiError && error.details.length) showFieldError(copyForm, "name", error.details[0].message);
      else reportFailure(error);
    }
  });

  document.addEventListener("click", async (event) => {
    const target = event.target as Element;
    if (target.closest("[data-category-new]")) return open();
    const card = target.closest<HTMLElement>("[data-category-id]");
    if (!card) return;
    if (target.closest("[data-category-edit]")) open(card);
    else if (target.closest("[data-category-copy]")) {
      copyForm.reset();
      showFieldError(copyForm, "name", null);
      control(copyForm, "categoryId").value = card.dataset.categoryId!;
      copyDialog.showModal();
    } else if (target.closest("[data-category-delete]")) {
      if (!(await confirmAction(tf("category.deleteConfirm", { name: card.dataset.name! })))) return;
      try {
        await api("category/delete", { method: "POST", query: { id: card.dataset.categoryId! } });
        const folder = card.closest<HTMLElement>("[data-folder]");
        card.remove();
        if (folder && !folder.querySelector("[data-category-id]")) folder.remove();
        document.getElementById("categories-empty")!.hidden = list.children.length > 0;
        snack(t("category.deleted"), "success");
      } catch (error) {
        reportFailure(error);
      }
    }
  });
}

/** Numbers 1..n in display order: untyped cards and folders as listed, a folder's categories in its order. */
function currentOrder(list: HTMLElement) {
  const ids = [...list.querySelectorAll<HTMLElement>("[data-category-id]")].map((card) => Number(card.dataset.categoryId));
  return ids.map((id, i) => ({ id, number: i + 1 }));
}

/** The copy's card: the original's, renamed and pointing at the copy. */
function cloneCard(original: HTMLElement, projectId: number, copy: { id: number; name: string }) {
  const card = original.cloneNode(true) as HTMLElement;
  card.dataset.categoryId = String(copy.id);
  card.dataset.sortItem = String(copy.id);
  card.dataset.name = copy.name;
  const link = card.querySelector<HTMLAnchorElement>(".ccard__name")!;
  link.href = `/project/${projectId}/category/${copy.id}`;
  link.textContent = copy.name;
  return card;
}
