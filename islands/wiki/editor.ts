/**
 * The wiki's editor: Tiptap in the page's #wiki-editor form, loaded with import() on Edit or New. The
 * server sanitises what it saves (src/lib/sanitize.ts, `wiki`); the editor offers only what that keeps.
 */
import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { TableKit } from "@tiptap/extension-table";
import Image from "@tiptap/extension-image";
import { api, ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { reloadWith, showFieldError } from "../projects/ui";
import type { PresentedArticle } from "../../src/modules/wiki/presenter";
import type { Wire } from "../../src/lib/responses";

type Mode = { parentId: number | null } | { view: HTMLElement };

type Tool = { run: (editor: Editor) => void; active?: (editor: Editor) => boolean };

const chain = (editor: Editor) => editor.chain().focus();

const TOOLS: Record<string, Tool> = {
  bold: { run: (e) => chain(e).toggleBold().run(), active: (e) => e.isActive("bold") },
  italic: { run: (e) => chain(e).toggleItalic().run(), active: (e) => e.isActive("italic") },
  strike: { run: (e) => chain(e).toggleStrike().run(), active: (e) => e.isActive("strike") },
  code: { run: (e) => chain(e).toggleCode().run(), active: (e) => e.isActive("code") },
  heading: { run: (e) => chain(e).toggleHeading({ level: 2 }).run(), active: (e) => e.isActive("heading", { level: 2 }) },
  subheading: { run: (e) => chain(e).toggleHeading({ level: 3 }).run(), active: (e) => e.isActive("heading", { level: 3 }) },
  bulletList: { run: (e) => chain(e).toggleBulletList().run(), active: (e) => e.isActive("bulletList") },
  orderedList: { run: (e) => chain(e).toggleOrderedList().run(), active: (e) => e.isActive("orderedList") },
  quote: { run: (e) => chain(e).toggleBlockquote().run(), active: (e) => e.isActive("blockquote") },
  codeBlock: { run: (e) => chain(e).toggleCodeBlock().run(), active: (e) => e.isActive("codeBlock") },
  link: {
    run: (e) => {
      const href = prompt(t("wiki.linkPrompt"), e.getAttributes("link").href ?? "");
      if (href === null) return;
      if (!href.trim()) chain(e).extendMarkRange("link").unsetLink().run();
      else chain(e).extendMarkRange("link").setLink({ href: href.trim() }).run();
    },
    active: (e) => e.isActive("link"),
  },
  image: {
    run: (e) => {
      const src = prompt(t("wiki.imagePrompt"), "/")?.trim();
      if (!src) return;
      // The server keeps only images from Plexus itself: a path, never another host.
      if (!src.startsWith("/") || /^[/\\]{2}/.test(src)) return snack(t("wiki.imageOwnOnly"), "error");
      chain(e).setImage({ src }).run();
    },
  },
  table: { run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), active: (e) => e.isActive("table") },
  undo: { run: (e) => chain(e).undo().run() },
  redo: { run: (e) => chain(e).redo().run() },
};

let current: { editor: Editor; close: () => void } | undefined;

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
  const editor = new Editor({
    element: form.querySelector<HTMLElement>("#wiki-content")!,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ["mailto"], defaultProtocol: "https" } }),
      TableKit.configure({ table: { resizable: false } }),
      Image,
    ],
    content: existing ? document.getElementById("wiki-article-content")!.innerHTML : "",
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": "wiki-content-label" } },
  });
  const buttons = [...form.querySelectorAll<HTMLButtonElement>("[data-tool]")];
  const refresh = () => {
    for (const button of buttons) {
      const active = TOOLS[button.dataset.tool!]!.active;
      if (active) button.setAttribute("aria-pressed", String(active(editor)));
    }
  };
  editor.on("transaction", refresh);
  refresh();

  const onTool = (event: Event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-tool]");
    if (button) TOOLS[button.dataset.tool!]!.run(editor);
  };
  const onCancel = (event: Event) => {
    if ((event.target as Element).closest("[data-wiki-cancel]")) close();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    save(form, editor, mode);
  };
  form.addEventListener("click", onTool);
  form.addEventListener("click", onCancel);
  form.addEventListener("submit", onSubmit);
  const close = () => {
    form.removeEventListener("click", onTool);
    form.removeEventListener("click", onCancel);
    form.removeEventListener("submit", onSubmit);
    editor.destroy();
    form.hidden = true;
    view.hidden = false;
    current = undefined;
    document.querySelector<HTMLElement>(existing ? "[data-wiki-edit]" : "[data-wiki-new]")?.focus();
  };
  current = { editor, close };
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
