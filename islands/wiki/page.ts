/**
 * Every wiki page: the tree's toggles and keys, and the writers' buttons. The editor (Tiptap) is
 * imported only when someone clicks Edit or New, so reading ships none of it.
 */
import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { confirmAction } from "../lib/confirm";
import { reloadWith, startDialogs } from "../projects/ui";
import type { Candidate, PresentedArticle, TreeNode } from "../../src/modules/wiki/presenter";
import type { Wire } from "../../src/lib/responses";

/** Reloads `path` (it becomes the address first), then shows `message`. */
function goWith(path: string, message: string) {
  history.replaceState(null, "", path);
  reloadWith(message);
}

const visibleLinks = (tree: HTMLElement) => [...tree.querySelectorAll<HTMLAnchorElement>("li > a")].filter((a) => a.offsetParent !== null);

let wholeTree: Promise<TreeNode[]> | undefined;

const findNode = (nodes: TreeNode[], id: number): TreeNode | undefined => {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

/** A tree item as the server writes it (pages/_components/wiki/tree.ts), its own children left to a later opening. */
function itemFor(node: TreeNode, toggleLabel: string): HTMLLIElement {
  const item = document.createElement("li");
  const link = Object.assign(document.createElement("a"), { href: `/wiki/${node.id}`, textContent: node.title });
  if (!node.children.length) {
    item.append(Object.assign(document.createElement("span"), { className: "wtree__leaf" }), link);
    return item;
  }
  item.dataset.id = String(node.id);
  const toggle = Object.assign(document.createElement("button"), { type: "button", className: "wtree__toggle" });
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-label", toggleLabel);
  item.append(toggle, link);
  return item;
}

/**
 * Opens or closes a branch. A branch the page did not carry (only the one down to the article read is
 * in it) gets its children from the whole tree, fetched once on the first such opening.
 */
async function setOpen(toggle: HTMLButtonElement, open: boolean) {
  const item = toggle.parentElement!;
  let list = item.querySelector<HTMLUListElement>(":scope > ul");
  if (open && !list) {
    try {
      wholeTree ??= api<TreeNode[]>("article/get-articles-tree");
      const node = findNode(await wholeTree, Number(item.dataset.id));
      list = document.createElement("ul");
      list.append(...(node?.children ?? []).map((child) => itemFor(child, toggle.getAttribute("aria-label") ?? "")));
      item.append(list);
    } catch (error) {
      wholeTree = undefined;
      return reportFailure(error);
    }
  }
  toggle.setAttribute("aria-expanded", String(open));
  list?.toggleAttribute("hidden", !open);
}

/** Toggles open and close branches; arrows move between visible articles, Right opens, Left closes or goes up. */
function startTree(tree: HTMLElement) {
  tree.addEventListener("click", (event) => {
    const toggle = (event.target as Element).closest<HTMLButtonElement>(".wtree__toggle");
    if (toggle) void setOpen(toggle, toggle.getAttribute("aria-expanded") !== "true");
  });
  tree.addEventListener("keydown", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("li > a");
    if (!link || event.altKey || event.ctrlKey || event.metaKey) return;
    const links = visibleLinks(tree);
    const at = links.indexOf(link);
    const toggle = link.parentElement!.querySelector<HTMLButtonElement>(":scope > .wtree__toggle");
    const open = toggle?.getAttribute("aria-expanded") === "true";
    let target: HTMLAnchorElement | undefined;
    if (event.key === "ArrowDown") target = links[at + 1];
    else if (event.key === "ArrowUp") target = links[at - 1];
    else if (event.key === "Home") target = links[0];
    else if (event.key === "End") target = links.at(-1);
    else if (event.key === "ArrowRight" && toggle) {
      if (open) target = links[at + 1];
      else void setOpen(toggle, true);
    } else if (event.key === "ArrowLeft") {
      if (toggle && open) void setOpen(toggle, false);
      else target = link.parentElement!.parentElement!.closest("li")?.querySelector<HTMLAnchorElement>(":scope > a") ?? undefined;
    } else return;
    event.preventDefault();
    target?.focus();
  });
}

/** Opens the editor for a new article (under `parentId`) or for the article on the page. */
async function edit(mode: { parentId: number | null } | { view: HTMLElement }) {
  try {
    const { openEditor } = await import("./editor");
    openEditor(mode);
  } catch (error) {
    reportFailure(error);
  }
}

/** The move dialog: candidates by title (never the article itself or anything under it), then set-parent. */
function startMove(view: HTMLElement) {
  const dialog = document.getElementById("wiki-move-dialog") as HTMLDialogElement | null;
  if (!dialog) return;
  const id = view.dataset.articleId!;
  const filter = dialog.querySelector<HTMLInputElement>("#wiki-move-filter")!;
  const list = dialog.querySelector<HTMLElement>("#wiki-move-list")!;
  let pending: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = async () => {
    pending?.abort();
    pending = new AbortController();
    try {
      const found = await api<Candidate[]>("article/get-unrelated-articles", { query: { title: filter.value, node: id }, signal: pending.signal });
      list.replaceChildren(
        ...found.map((candidate) => {
          const label = document.createElement("label");
          label.className = "wiki__candidate";
          const radio = Object.assign(document.createElement("input"), { type: "radio", name: "parent", value: String(candidate.id) });
          label.append(radio, candidate.title);
          return label;
        }),
      );
      if (!found.length) list.textContent = t("wiki.noCandidates");
    } catch (error) {
      if ((error as Error).name !== "AbortError") reportFailure(error);
    }
  };
  new MutationObserver(() => dialog.open && load()).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  filter.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(load, 200);
  });
  dialog.querySelector("form")!.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = dialog.querySelector<HTMLInputElement>('input[name="parent"]:checked');
    if (!chosen) return;
    try {
      await api("article/set-parent", { query: { childId: id, parentId: chosen.value } });
      dialog.close();
      reloadWith(t("wiki.moved"));
    } catch (error) {
      reportFailure(error);
    }
  });
}

/** Saves the version on the page again as the newest (its title and content as they were). */
async function restore(view: HTMLElement) {
  try {
    const old = await api<Wire<PresentedArticle>>(`article/get-article-version/${view.dataset.shownVersionId}`);
    const saved = await api<Wire<PresentedArticle>>(`article/add-new-version/${view.dataset.articleId}`, {
      body: { title: old.title, content: old.content, baseVersion: Number(view.dataset.version) },
    });
    goWith(`/wiki/${saved.article.id}`, tf("wiki.restored", { version: old.version, newVersion: saved.version }));
  } catch (error) {
    reportFailure(error, t("wiki.savingError"));
  }
}

async function remove(view: HTMLElement, parent: string) {
  if (!(await confirmAction(tf("wiki.deleteConfirm", { title: view.dataset.title! })))) return;
  try {
    await api(`article/delete/${view.dataset.articleId}`, { method: "POST" });
    goWith(parent ? `/wiki/${parent}` : "/wiki", t("wiki.deleted"));
  } catch (error) {
    reportFailure(error, t("wiki.deletionError"));
  }
}

export function startWiki() {
  startDialogs();
  const tree = document.getElementById("wiki-tree");
  if (tree) startTree(tree);
  // The article page and the welcome page have a view; the history and compare pages only the tree.
  const view = document.getElementById("wiki-view");
  if (view?.dataset.articleId) startMove(view);
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-wiki-new], [data-wiki-edit], [data-wiki-restore], [data-wiki-delete]");
    if (!button) return;
    if (button.hasAttribute("data-wiki-new")) edit({ parentId: button.dataset.parent ? Number(button.dataset.parent) : null });
    else if (!view) return;
    else if (button.hasAttribute("data-wiki-edit")) edit({ view });
    else if (button.hasAttribute("data-wiki-restore")) restore(view);
    else remove(view, button.dataset.parent ?? "");
  });
}
