import { api, ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import type { Wire } from "../../src/lib/responses";
import type { PresentedDataItem } from "../../src/modules/data/presenter";

type Item = Wire<PresentedDataItem>;
type Editable = Pick<Item, "id" | "dataType" | "name" | "status" | "shortDescription" | "description" | "categoryList"> & {
  projectId: number;
  provider: string;
  keywords: string[];
};

const splitKeywords = (text: string) => text.split(",").map((k) => k.trim()).filter(Boolean);

/**
 * The data item page's edit dialog (pages/_components/data/DataEditDialog.astro): filled from the
 * item as last saved, sent with data/save, and the page's name and info panel then re-read from the
 * server in place, so the viewer beside them keeps its state.
 */
export function startDataEdit() {
  const dialog = document.getElementById("data-edit-dialog") as HTMLDialogElement | null;
  const opener = document.getElementById("data-edit-open");
  if (!dialog || !opener) return;
  const form = dialog.querySelector<HTMLFormElement>("form")!;
  const formError = form.querySelector<HTMLElement>("[data-edit-error]")!;
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const field = <T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement = HTMLInputElement>(name: string) =>
    form.elements.namedItem(name) as T;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="category"]')];
  let item = JSON.parse(document.getElementById("data-edit-state")!.textContent!) as Editable;

  const complain = (name: string, text: string) => {
    const input = field(name);
    input.setAttribute("aria-invalid", String(!!text));
    form.querySelector(`[data-error-for="${name}"]`)!.textContent = text;
  };

  function fill() {
    field("name").value = item.name;
    field("provider").value = item.provider;
    field("keywords").value = item.keywords.join(", ");
    field<HTMLSelectElement>("status").value = item.status;
    field("shortDescription").value = item.shortDescription;
    field<HTMLTextAreaElement>("description").value = item.description;
    const chosen = new Set(item.categoryList.map((c) => String(c.id)));
    boxes.forEach((box) => (box.checked = chosen.has(box.value)));
    complain("name", "");
    complain("provider", "");
    formError.hidden = true;
  }

  opener.addEventListener("click", () => {
    fill();
    dialog.showModal();
    field("name").focus();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = field("name").value.trim();
    const provider = field("provider").value.trim();
    complain("name", name ? "" : form.dataset.nameRequired!);
    const needsProvider = item.dataType === "DOC" && !provider;
    complain("provider", needsProvider ? form.dataset.providerRequired! : "");
    if (!name || needsProvider) return field(name ? "provider" : "name").focus();
    // Default categories are not offered here; the item keeps those it has.
    const hidden = item.categoryList.filter((c) => c.isDefault).map((c) => ({ id: c.id }));
    const body = {
      id: item.id,
      project: { id: item.projectId },
      dataType: item.dataType,
      name,
      provider: provider || null,
      keywords: splitKeywords(field("keywords").value),
      status: field<HTMLSelectElement>("status").value,
      shortDescription: field("shortDescription").value.trim(),
      description: field<HTMLTextAreaElement>("description").value.trim(),
      categoryList: [...hidden, ...boxes.filter((box) => box.checked).map((box) => ({ id: Number(box.value) }))],
    };
    submit.disabled = true;
    formError.hidden = true;
    try {
      const saved = await api<Item>("data/save", { body });
      item = {
        ...saved,
        projectId: item.projectId,
        provider: saved.provider?.name ?? "",
        keywords: saved.keywords.map((k) => k.value),
      };
      await refreshInPlace();
      dialog.close();
      snack(form.dataset.saved!, "success");
      opener.focus();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      formError.textContent = error instanceof ApiError && error.details.length ? error.details.map((d) => d.message).join(" ") : errorText(error);
      formError.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
}

/** Re-reads this page and puts its item name, info panel and title in place of the old ones. */
async function refreshInPlace() {
  const response = await fetch(location.href, { headers: { accept: "text/html" } });
  if (!response.ok) return location.reload();
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  document.title = fresh.title;
  for (const selector of ["[data-item-name]", ".docv-info"]) {
    const next = fresh.querySelector(selector);
    document.querySelectorAll(selector).forEach((old) => next && old.replaceWith(document.importNode(next, true)));
  }
}
