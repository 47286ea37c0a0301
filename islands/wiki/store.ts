/**
 * The wiki's state and actions: what the editor edits (shared by the tree's New, the article's
 * buttons and the editor's panel, each its own island), and every call the wiki's components make.
 */
import { signal } from "@preact/signals-react";
import type { ShownNode, TreeNode } from "../../src/modules/wiki/presenter";
import { ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { reloadWith } from "../lib/flash";
import { t, tf } from "../lib/i18n";
import { byId, call, server } from "../lib/server";

/** The article a page shows, as its buttons need it. */
export interface ArticleOnPage {
  id: number;
  title: string;
  /** Its latest version, the one an edit starts from. */
  version: number;
  /** The latest version's content (what Edit opens with). */
  content: string;
  /** The version shown, when older than the latest (a restore saves it again). */
  shownVersionId: number;
}

export type EditTarget = { parentId: number | null } | { article: ArticleOnPage };

/** What the editor edits; null while it is closed. */
export const editing = signal<EditTarget | null>(null);
/** The button that opened the editor: the focus goes back to it when the editor closes. */
export let opener: HTMLElement | null = null;

export function openEditor(target: EditTarget, from: HTMLElement) {
  opener = from;
  editing.value = target;
}

export function closeEditor() {
  editing.value = null;
}

/** Reloads `path` (it becomes the address first), then shows `message`. */
function goWith(path: string, message: string) {
  history.replaceState(null, "", path);
  reloadWith(message);
}

let saving = false;

/**
 * Saves what the editor holds: a new version of the article, or a new article. Resolves with the
 * server's message for the title when it refused that field (what was typed stays), else null.
 */
export async function saveArticle(target: EditTarget, title: string, content: string): Promise<string | null> {
  if (saving) return null;
  saving = true;
  try {
    if ("article" in target) {
      await call(server.article["add-new-version"]({ articleId: target.article.id }).post({ title, content, baseVersion: target.article.version }));
      reloadWith(t("wiki.saved"));
    } else {
      const saved = await call(server.article.save.post({ title, content, parentId: target.parentId }));
      location.assign(`/wiki/${saved.article.id}`);
    }
    return null;
  } catch (error) {
    reportFailure(error, error instanceof ApiError && error.status === 409 ? undefined : t("wiki.savingError"));
    return error instanceof ApiError ? (error.details.find((d) => d.path === "body.title")?.message ?? null) : null;
  } finally {
    saving = false;
  }
}

let wholeTree: Promise<TreeNode[]> | undefined;

const findNode = (nodes: TreeNode[], id: number): TreeNode | undefined => {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

/** The children of a branch the page did not carry, from the whole tree (fetched once), their own branches closed. */
export async function childrenOf(id: number): Promise<ShownNode[]> {
  try {
    wholeTree ??= call(server.article["get-articles-tree"].get());
    const node = findNode(await wholeTree, id);
    return (node?.children ?? []).map((child) => ({ id: child.id, title: child.title, hasChildren: child.children.length > 0 }));
  } catch (error) {
    wholeTree = undefined;
    throw error;
  }
}

/** Articles that may become the parent of `node`: by title, never itself or anything under it. */
export const candidates = (node: number, title: string, signal: AbortSignal) =>
  call(server.article["get-unrelated-articles"].get({ query: { title, node }, fetch: { signal } }));

/** Moves the article under `parentId` (null: the top level); false when it failed (and said so). */
export async function moveArticle(childId: number, parentId: number | null) {
  try {
    await call(server.article["set-parent"].get({ query: { childId, parentId } }));
    reloadWith(t("wiki.moved"));
    return true;
  } catch (error) {
    reportFailure(error);
    return false;
  }
}

/** Saves the version on the page again as the newest (its title and content as they were). */
export async function restoreVersion(article: ArticleOnPage) {
  try {
    const old = await call(server.article["get-article-version"]({ id: article.shownVersionId }).get());
    const saved = await call(server.article["add-new-version"]({ articleId: article.id }).post({ title: old.title, content: old.content, baseVersion: article.version }));
    goWith(`/wiki/${saved.article.id}`, tf("wiki.restored", { version: old.version, newVersion: saved.version }));
  } catch (error) {
    reportFailure(error, t("wiki.savingError"));
  }
}

/** Deletes the article (its sub-articles move up), then shows its parent, or the wiki's start. */
export async function deleteArticle(article: ArticleOnPage, parentId: number | null) {
  try {
    await call(byId(server.article.delete, article.id).post());
    goWith(parentId ? `/wiki/${parentId}` : "/wiki", t("wiki.deleted"));
  } catch (error) {
    reportFailure(error, t("wiki.deletionError"));
  }
}
