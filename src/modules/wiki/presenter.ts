import { t, type Static } from "elysia";
import { isoDate } from "../../lib/responses";
import { integer } from "../../lib/schema";

const personSchema = t.Nullable(t.Object({ id: integer(), firstName: t.String(), lastName: t.String() }));
type Person = Static<typeof personSchema>;

const articleFields = {
  /** The version's id (get-article-version takes it). */
  id: integer(),
  /** `projectId`: the article's space (null: the wiki everyone shares). */
  article: t.Object({ id: integer(), author: personSchema, createdAt: isoDate(), parentId: t.Nullable(integer()), projectId: t.Nullable(integer()) }),
  title: t.String(),
  indexNumber: integer(),
  version: integer(),
  /** The editor's note of what this version changed ("" when none was given). */
  summary: t.String(),
  updatedAt: isoDate(),
  updatedBy: personSchema,
};

/** The spec's Article: one version of an article with its article's identity, content being sanitised HTML. */
export const articleSchema = t.Object({ ...articleFields, content: t.String() });
export type PresentedArticle = Static<typeof articleSchema>;

/** A version in the history: the same without its content (the compare fetches the two it needs). */
export const versionSummarySchema = t.Object(articleFields);
export type PresentedVersionSummary = Static<typeof versionSummarySchema>;

/** An article in the tree, its children in their order. */
export interface TreeNode {
  id: number;
  title: string;
  indexNumber: number;
  children: TreeNode[];
}
/** A node as a page shows it (service.ts openBranches): `children` only where its branch is open. */
export interface ShownNode {
  id: number;
  title: string;
  hasChildren: boolean;
  children?: ShownNode[];
}
const treeNodeSchema = t.Recursive((node) => t.Object({ id: integer(), title: t.String(), indexNumber: integer(), children: t.Array(node) }), {
  $id: "ArticleTreeNode",
});
/** The whole tree (typed by hand: Elysia's types cannot unfold a recursive schema, its answers can). */
export const treeSchema = t.Unsafe<TreeNode[]>(t.Array(treeNodeSchema));

/** A version as read: its article's fields beside its own, the two people joined. */
interface VersionRow {
  id: number;
  articleId: number;
  author: Person;
  createdAt: Date;
  parentId: number | null;
  projectId: number | null;
  title: string;
  indexNumber: number;
  version: number;
  summary: string;
  updatedAt: Date;
  updatedBy: Person;
}

export const presentSummary = (row: VersionRow): PresentedVersionSummary => ({
  id: row.id,
  article: { id: row.articleId, author: row.author, createdAt: row.createdAt, parentId: row.parentId, projectId: row.projectId },
  title: row.title,
  indexNumber: row.indexNumber,
  version: row.version,
  summary: row.summary,
  updatedAt: row.updatedAt,
  updatedBy: row.updatedBy,
});

export const presentArticle = (row: VersionRow & { content: string }): PresentedArticle => ({ ...presentSummary(row), content: row.content });

/** A candidate of the parent picker. */
export const candidateSchema = t.Object({ id: integer(), title: t.String() });
export type Candidate = Static<typeof candidateSchema>;

/** A picture just stored (the editor puts `url` in the article). */
export const pictureSchema = t.Object({ id: integer(), url: t.String(), fileName: t.String() });
export type PresentedPicture = Static<typeof pictureSchema>;

/** Where set-parent put the article. */
export const placeSchema = t.Object({ id: integer(), parentId: t.Nullable(integer()), indexNumber: integer() });
