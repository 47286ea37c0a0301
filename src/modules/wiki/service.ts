import { and, asc, desc, eq, inArray, isNull, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "../../../db/client";
import { articles, articleVersions, users, type ArticleRow, type User } from "../../../db/schema";
import { AppError, conflict, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { audit } from "../audit/service";
import { cleanHtml } from "../../lib/clean-html";
import { yieldToEvents } from "../../lib/yield-to-events";
import type { JobOptions } from "../../lib/untrusted-worker";
import { hasEveryWord } from "../../lib/text-fold";
import { WIKI_LIMITS } from "./limits";
import type { SaveInput, VersionInput } from "./model";
import { claimPictures, picturesOf, removePictureFiles } from "./pictures";
import { requireSpace, type Space } from "./policy";
import { presentArticle, presentSummary, type Candidate, type PresentedArticle, type PresentedVersionSummary, type ShownNode, type TreeNode } from "./presenter";

const authors = alias(users, "authors");
const editors = alias(users, "editors");

const summaryColumns = {
  id: articleVersions.id,
  articleId: articles.id,
  author: { id: authors.id, firstName: authors.firstName, lastName: authors.lastName },
  createdAt: articles.createdAt,
  parentId: articles.parentId,
  title: articleVersions.title,
  indexNumber: articles.indexNumber,
  version: articleVersions.version,
  summary: articleVersions.summary,
  projectId: articles.projectId,
  updatedAt: articleVersions.updatedAt,
  updatedBy: { id: editors.id, firstName: editors.firstName, lastName: editors.lastName },
};

/** Versions with their article and the names of its author and of each version's editor, in one query; no content. */
const summaryVersions = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(articleVersions)
    .innerJoin(articles, eq(articles.id, articleVersions.articleId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(editors, eq(editors.id, articleVersions.updatedById));

/** The same with each version's content. */
const fullVersions = (db: Executor) =>
  db
    .select({ ...summaryColumns, content: articleVersions.content })
    .from(articleVersions)
    .innerJoin(articles, eq(articles.id, articleVersions.articleId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(editors, eq(editors.id, articleVersions.updatedById));

// The tree is read on every wiki page: prepared once per database.
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    tree: db
      .select({ id: articles.id, parentId: articles.parentId, title: articles.title, indexNumber: articles.indexNumber, projectId: articles.projectId })
      .from(articles)
      .orderBy(asc(articles.indexNumber), asc(articles.id))
      .prepare(),
    place: db.select({ id: articles.id, parentId: articles.parentId, title: articles.title }).from(articles).where(eq(articles.id, sql.placeholder("id"))).prepare(),
  };
}
function prepared(db: Db) {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = prepare(db)));
  return found;
}

type Placed = { id: number; parentId: number | null; title: string; indexNumber: number; projectId: number | null };

/** The projects whose spaces a reader reads (policy.ts readableSpaces); the shared wiki is read by everyone. */
export type Readable = readonly number[];

const inSpaces = (readable: Readable) => {
  const projects = new Set(readable);
  return (row: { projectId: number | null }) => row.projectId === null || projects.has(row.projectId);
};

/** Every article the reader reads with its parent, siblings in their order (index, then id). */
const placedArticles = (db: Db, readable: Readable): Placed[] => prepared(db).tree.all().filter(inSpaces(readable));

/** The articles as a tree: top-level ones first, each with its children in their order. */
export function articleTree(db: Db, readable: Readable): TreeNode[] {
  const rows = placedArticles(db, readable);
  const nodes = new Map<number, TreeNode>(rows.map((row) => [row.id, { id: row.id, title: row.title, indexNumber: row.indexNumber, children: [] }]));
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

const findArticle = (db: Executor, id: number): ArticleRow | undefined => db.select().from(articles).where(eq(articles.id, id)).get();

/** The article, when `actor` may `need` in its space (404 when they may not see it, 403 when they may not write). */
function requireArticle(db: Db, actor: User, id: number, need: "read" | "write" | "remove" = "read", tx: Executor = db): ArticleRow {
  const article = findArticle(tx, id);
  if (!article) throw notFound("article");
  requireSpace(db, actor, article.projectId, need);
  return article;
}

/** The newest version of an article (what its page shows). */
export function lastVersion(db: Db, actor: User, articleId: number): PresentedArticle {
  const article = requireArticle(db, actor, articleId);
  return presentArticle(fullVersions(db).where(and(eq(articleVersions.articleId, article.id), eq(articleVersions.version, article.version))).get()!);
}

/** One version by its own id. */
export function versionById(db: Db, actor: User, versionId: number): PresentedArticle {
  const found = fullVersions(db).where(eq(articleVersions.id, versionId)).get();
  if (!found) throw notFound("article_version");
  requireArticle(db, actor, found.articleId);
  return presentArticle(found);
}

/** An article's version by its number (the history's links and the compare page name versions so). */
export function versionByNumber(db: Db, actor: User, articleId: number, version: number): PresentedArticle {
  requireArticle(db, actor, articleId);
  const found = fullVersions(db).where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.version, version))).get();
  if (!found) throw notFound("article_version");
  return presentArticle(found);
}

/** The articles from the top of the tree down to `articleId`'s parent, for breadcrumbs and the open branch. */
export function ancestorsOf(db: Db, articleId: number): Candidate[] {
  const { place } = prepared(db);
  const path: Candidate[] = [];
  // set-parent never makes a cycle; the bound only keeps a damaged database from looping.
  for (let at = place.get({ id: articleId })?.parentId ?? null; at !== null && path.length < 10_000; ) {
    const row = place.get({ id: at });
    if (!row) break;
    path.unshift({ id: row.id, title: row.title });
    at = row.parentId;
  }
  return path;
}

// The outer row named in full: drizzle writes a lone table's columns unqualified, which inside would mean c's.
const hasChildren = sql<number>`exists (select 1 from ${articles} as c where c.parent_id = "articles"."id")`;

/**
 * The tree as a page shows it: the top level, and the children of the `open` articles (the branch down to
 * the one read); every other article only says whether it has children, which the page fetches when opened.
 * With 2,000 articles a page then carries about a hundred, not all of them (bench/wiki-tree.ts).
 */
export function openBranches(db: Db, readable: Readable, open: number[]): ShownNode[] {
  const rows = db
    .select({ id: articles.id, parentId: articles.parentId, title: articles.title, hasChildren, projectId: articles.projectId })
    .from(articles)
    .where(open.length ? or(isNull(articles.parentId), inArray(articles.parentId, open)) : isNull(articles.parentId))
    .orderBy(asc(articles.indexNumber), asc(articles.id))
    .all()
    .filter(inSpaces(readable));
  const nodes = new Map<number, ShownNode>(rows.map((row) => [row.id, { id: row.id, title: row.title, hasChildren: !!row.hasChildren }]));
  const roots: ShownNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (row.parentId === null) roots.push(nodes.get(row.id)!);
    else if (parent) (parent.children ??= []).push(nodes.get(row.id)!);
  }
  return roots;
}

/** An article's history, newest first, without contents. */
export function allVersions(db: Db, actor: User, articleId: number): PresentedVersionSummary[] {
  requireArticle(db, actor, articleId);
  return summaryVersions(db)
    .where(eq(articleVersions.articleId, articleId))
    .orderBy(desc(articleVersions.version))
    .all()
    .map(presentSummary);
}

/** The ids of `id` and of everything under it. */
function subtreeOf(rows: Placed[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const found = new Set<number>([id]);
  const queue = [id];
  while (queue.length) for (const child of children.get(queue.pop()!) ?? []) if (!found.has(child)) found.add(child), queue.push(child);
  return found;
}

/**
 * Candidates of the parent picker: every article the reader reads whose title holds `title` (any case, any
 * script, ё as е), but not `node` itself nor anything under it, which would make a cycle, and only in `node`'s
 * space (an article moves within its space); by title, at most WIKI_LIMITS.candidates.
 */
export function unrelatedArticles(db: Db, readable: Readable, title: string | undefined, node: number | undefined): Candidate[] {
  const rows = placedArticles(db, readable);
  const moved = node === undefined ? undefined : rows.find((row) => row.id === node);
  if (node !== undefined && !moved) throw notFound("article");
  const excluded = node === undefined ? new Set<number>() : subtreeOf(rows, node);
  return rows
    .filter((row) => !excluded.has(row.id) && (!moved || row.projectId === moved.projectId) && hasEveryWord(row.title, title ?? ""))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
    .slice(0, WIKI_LIMITS.candidates)
    .map(({ id, title }) => ({ id, title }));
}

/** The children of `parentId` (null: the top level). */
const under = (parentId: number | null) => (parentId === null ? isNull(articles.parentId) : eq(articles.parentId, parentId));

/** The index after the last child of `parentId`. */
const nextIndex = (tx: Executor, parentId: number | null) =>
  (tx
    .select({ last: max(articles.indexNumber) })
    .from(articles)
    .where(under(parentId))
    .get()?.last ?? -1) + 1;

/**
 * Moves `childId` under `parentId` (null: to the top level of its space), last among its new siblings. A parent
 * that is the article itself or lies under it would make a cycle, and is refused with 409 article_cycle; one in
 * another space with 409 article_other_space (a branch keeps its readers).
 */
export function setParent(db: Db, actor: User, parentId: number | null, childId: number) {
  return db.transaction((tx) => {
    const child = requireArticle(db, actor, childId, "write", tx);
    if (parentId !== null) {
      const parent = requireArticle(db, actor, parentId, "read", tx);
      if (parent.projectId !== child.projectId) throw conflict("article_other_space", "An article moves only within its own space");
      for (let at: number | null = parentId; at !== null; at = findArticle(tx, at)?.parentId ?? null) {
        if (at === childId) {
          const code = "wiki.cycle";
          throw new AppError(409, "article_cycle", "An article cannot be placed under itself or under one of its own sub-articles", [
            { path: "query.parentId", message: code, code },
          ]);
        }
      }
    }
    if (child.parentId === parentId) return { id: child.id, parentId, indexNumber: child.indexNumber };
    const indexNumber = nextIndex(tx, parentId);
    tx.update(articles).set({ parentId, indexNumber }).where(eq(articles.id, childId)).run();
    return { id: child.id, parentId, indexNumber };
  });
}

/**
 * A title, content and summary as stored: the title trimmed and required, the summary trimmed, the content
 * sanitised (`wiki`) off the event loop.
 */
async function checkedText(input: { title: string; content: string; summary?: string }, options: JobOptions) {
  const title = input.title.trim();
  const summary = input.summary?.trim() ?? "";
  const details: ErrorDetail[] = [];
  const tooLong = (path: string) => details.push({ path, message: "validation.tooLong", code: "validation.tooLong" });
  if (!title) details.push({ path: "body.title", message: "wiki.titleRequired", code: "wiki.titleRequired" });
  else if (title.length > WIKI_LIMITS.title) tooLong("body.title");
  if (summary.length > WIKI_LIMITS.summary) tooLong("body.summary");
  if (details.length) throw invalid(details);
  return { title, summary, content: await cleanHtml(input.content, "wiki", "body.content", options) };
}

/**
 * A version just written, answered with the content the caller holds: reading a long article back costs the loop
 * as much as writing it did. Others' requests go first, between the write and the answer's serialising.
 */
async function savedVersion(db: Db, versionId: number, content: string): Promise<PresentedArticle> {
  const saved = presentArticle({ ...summaryVersions(db).where(eq(articleVersions.id, versionId)).get()!, content });
  await yieldToEvents();
  return saved;
}

/** Where a new article goes: under its parent, in the parent's space, or at the top of the space asked for. */
function spaceOfNew(db: Db, actor: User, input: SaveInput, tx: Executor): Space {
  const parentId = input.parentId ?? null;
  const space = parentId === null ? (input.projectId ?? null) : requireArticle(db, actor, parentId, "read", tx).projectId;
  requireSpace(db, actor, space, "write");
  return space;
}

/** A new article with its first version, last among its siblings; answers that version. */
export async function createArticle(db: Db, actor: User, input: SaveInput, options: JobOptions = {}): Promise<PresentedArticle> {
  // Refused before the sanitising: someone who may not write learns nothing from a check of their text.
  spaceOfNew(db, actor, input, db);
  const { title, content, summary } = await checkedText(input, options);
  const parentId = input.parentId ?? null;
  const versionId = db.transaction((tx) => {
    const projectId = spaceOfNew(db, actor, input, tx);
    const article = tx
      .insert(articles)
      .values({ parentId, indexNumber: nextIndex(tx, parentId), title, version: 1, authorId: actor.id, projectId })
      .returning({ id: articles.id })
      .get();
    audit(tx, actor.id, "CREATE", `ARTICLE ${article.id} ${title}`);
    claimPictures(tx, actor, article.id, content);
    return tx.insert(articleVersions).values({ articleId: article.id, version: 1, title, content, summary, updatedById: actor.id }).returning({ id: articleVersions.id }).get().id;
  });
  return savedVersion(db, versionId, content);
}

/**
 * The article's next version (number + 1, by the actor, now); the tree's title follows it. Restoring an old
 * version is saving its title and content again as the newest. A `baseVersion` older than the newest means
 * someone saved meanwhile: 409 article_version_conflict, nothing saved.
 */
export async function addVersion(db: Db, actor: User, articleId: number, input: VersionInput, options: JobOptions = {}): Promise<PresentedArticle> {
  requireArticle(db, actor, articleId, "write");
  const { title, content, summary } = await checkedText(input, options);
  const versionId = db.transaction((tx) => {
    const article = requireArticle(db, actor, articleId, "write", tx);
    if (input.baseVersion !== undefined && input.baseVersion !== article.version) {
      throw new AppError(409, "article_version_conflict", "Someone saved a newer version of this article meanwhile");
    }
    const version = article.version + 1;
    tx.update(articles).set({ title, version }).where(eq(articles.id, article.id)).run();
    audit(tx, actor.id, "ADD_VERSION", `ARTICLE ${article.id} ${title} version ${version}`);
    claimPictures(tx, actor, article.id, content);
    return tx.insert(articleVersions).values({ articleId: article.id, version, title, content, summary, updatedById: actor.id }).returning({ id: articleVersions.id }).get().id;
  });
  return savedVersion(db, versionId, content);
}

const childrenOf = (tx: Executor, parentId: number | null) =>
  tx
    .select({ id: articles.id })
    .from(articles)
    .where(under(parentId))
    .orderBy(asc(articles.indexNumber), asc(articles.id))
    .all()
    .map((row) => row.id);

/**
 * Deletes an article with all its versions. Its children move up to its parent, in its place and in their
 * own order, so nothing under it is lost; the siblings are numbered again from 0. Its pictures' files go once
 * the removal has committed.
 */
export function deleteArticle(db: Db, dataDir: string, actor: User, articleId: number) {
  const { id, files } = db.transaction((tx) => {
    const article = requireArticle(db, actor, articleId, "remove", tx);
    const order = childrenOf(tx, article.parentId).flatMap((id) => (id === article.id ? childrenOf(tx, article.id) : [id]));
    order.forEach((id, indexNumber) => tx.update(articles).set({ parentId: article.parentId, indexNumber }).where(eq(articles.id, id)).run());
    const files = picturesOf(tx, [article.id]);
    tx.delete(articles).where(eq(articles.id, article.id)).run();
    audit(tx, actor.id, "DELETE_FOREVER", `ARTICLE ${article.id} ${article.title}`);
    return { id: article.id, files };
  });
  removePictureFiles(dataDir, files);
  return { id };
}
