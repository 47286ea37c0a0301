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

/** What the editor sends: its text, and for an edit the version it began from, for a new top-level article its space. */
export interface Draft {
  title: string;
  content: string;
  summary: string;
  baseVersion: number;
  projectId: number | null;
}

/** The newest version of an article, as the merge of an edit conflict shows it. */
export type Latest = Awaited<ReturnType<typeof latestVersion>>;
const latestVersion = (id: number) => call(server.article["get-last-version-by-article"]({ id }).get());

/**
 * Saves what the editor holds: a new version of the article, or a new article. Resolves with what kept it
 * from saving, what was typed staying in the editor: the server's message for a field it refused, or, when
 * someone saved meanwhile, their version to merge with; else nothing.
 */
export async function saveArticle(target: EditTarget, draft: Draft): Promise<{ field?: { path: string; message: string }; conflict?: Latest } | undefined> {
  if (saving) return undefined;
  saving = true;
  const { title, content, summary } = draft;
  try {
    if ("article" in target) {
      await call(server.article["add-new-version"]({ articleId: target.article.id }).post({ title, content, summary, baseVersion: draft.baseVersion }));
      reloadWith(t("wiki.saved"));
    } else {
      const place = target.parentId === null ? { projectId: draft.projectId } : { parentId: target.parentId };
      const saved = await call(server.article.save.post({ title, content, summary, ...place }));
      location.assign(`/wiki/${saved.article.id}`);
    }
    return undefined;
  } catch (error) {
    if (error instanceof ApiError && error.code === "article_version_conflict" && "article" in target) {
      try {
        return { conflict: await latestVersion(target.article.id) };
      } catch (failed) {
        reportFailure(failed, t("wiki.savingError"));
        return undefined;
      }
    }
    reportFailure(error, t("wiki.savingError"));
    const field = error instanceof ApiError ? error.details.find((d) => d.path === "body.title" || d.path === "body.summary") : undefined;
    return field && { field: { path: field.path, message: field.message } };
  } finally {
    saving = false;
  }
}

/** Stores a picture for the editor (it joins the article when the article is saved); answers its address. */
export const uploadPicture = async (file: File) =>
  (await call(server.article["upload-picture"].post({ file }, { fetch: { signal: AbortSignal.timeout(240_000) } }))).url;

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
