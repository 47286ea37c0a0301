/**
 * The wiki's editor: the shared rich-text editor (islands/lib/rich-text.ts) in the page's #wiki-editor form,
 * loaded with import() on Edit or New. The server sanitises what it saves (src/lib/sanitize.ts, `wiki`).
 */
import type { Editor } from "@tiptap/core";
import { api, ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { richTextEditor, type RichText } from "../lib/rich-text";
import { reloadWith, showFieldError } from "../projects/ui";
import type { PresentedArticle } from "../../src/modules/wiki/presenter";
import type { Wire } from "../../src/lib/responses";

type Mode = { parentId: number | null } | { view: HTMLElement };

let current: { close: () => void } | undefined;

/** Shows the form in place of the article (or of the welcome text) with Tiptap in it. */
export function openEditor(mode: Mode) {
  current?.close();
  const form = document.getElementById("wiki-editor") as HTMLFormElement;
  // Whatever the page shows (article, welcome, history or compare) gives way to the form while it is open.
  const view = document.getElementById("wiki-page")!;
  const title = form.elements.namedItem("title") as HTMLInputElement;
  const existing = "view" in mode ? mode.view : undefined;
  title.value = existing ? existing.dataset.title! : "";
  showFieldError(form, "title", null);
  const content = existing ? document.getElementById("wiki-article-content")!.innerHTML : "";
  const rich: RichText = richTextEditor(form.querySelector<HTMLElement>("#wiki-content")!, form.querySelector<HTMLElement>("[role=toolbar]")!, content, "wiki-content-label");
  const { editor } = rich;

  const onCancel = (event: Event) => {
    if ((event.target as Element).closest("[data-wiki-cancel]")) close();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    save(form, editor, mode);
  };
  form.addEventListener("click", onCancel);
  form.addEventListener("submit", onSubmit);
  const close = () => {
    form.removeEventListener("click", onCancel);
    form.removeEventListener("submit", onSubmit);
    rich.destroy();
    form.hidden = true;
    view.hidden = false;
    current = undefined;
    document.querySelector<HTMLElement>(existing ? "[data-wiki-edit]" : "[data-wiki-new]")?.focus();
  };
  current = { close };
  view.hidden = true;
  form.hidden = false;
  title.focus();
}

let saving = false;

async function save(form: HTMLFormElement, editor: Editor, mode: Mode) {
  const title = (form.elements.namedItem("title") as HTMLInputElement).value.trim();
  showFieldError(form, "title", title ? null : t("wiki.titleRequired"));
  if (!title) return (form.elements.namedItem("title") as HTMLInputElement).focus();
  if (saving) return;
  saving = true;
  try {
    const content = editor.getHTML();
    if ("view" in mode) {
      const body = { title, content, baseVersion: Number(mode.view.dataset.version) };
      await api<Wire<PresentedArticle>>(`article/add-new-version/${mode.view.dataset.articleId}`, { body });
      reloadWith(t("wiki.saved"));
    } else {
      const saved = await api<Wire<PresentedArticle>>("article/save", { body: { title, content, parentId: mode.parentId } });
      location.assign(`/wiki/${saved.article.id}`);
    }
  } catch (error) {
    const titleError = error instanceof ApiError ? error.details.find((d) => d.path === "body.title") : undefined;
    if (titleError) showFieldError(form, "title", titleError.message);
    reportFailure(error, error instanceof ApiError && error.status === 409 ? undefined : t("wiki.savingError"));
  } finally {
    saving = false;
  }
}
