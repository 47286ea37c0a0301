import type { Locale } from "../../lib/i18n";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import type { DataItem, DataType, User, VersionType } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import type { PresentedPublicData } from "../public-data/presenter";

/** The content fields of a data item that data/save accepts only for types whose feature checks them. */
export const CONTENT_FIELDS = ["value", "body", "script", "props"] as const;
type ContentField = (typeof CONTENT_FIELDS)[number];

/** What a content check knows of the save it checks. */
export interface ContentScope {
  db: Db;
  actor: User;
  projectId: number;
  name: string;
  existing?: DataItem;
}

/** The public page's parts by type; a plugin fills its own. */
type PublicParts = Partial<Pick<PresentedPublicData, "table" | "document" | "report" | "chart">>;

/**
 * A data type on the server: everything data/ (and public data, search) switches on, given by the feature that owns
 * the type (its folder's data-type.ts) and listed once in src/data-types.ts. Every field is optional: a type without
 * a feature yet is a plain item.
 */
export interface DataTypePlugin {
  type: DataType;
  /** data/save's content fields of this type, each checked and normalised by the owner; any other field is a 422. */
  content?: Partial<Record<ContentField, (text: string, scope: ContentScope) => string>>;
  /** The sanitiser setting a body of this type is cleaned with (richText otherwise). */
  bodyHtml?: "report";
  /** `value` must be JSON text (checked even when no content check is given). */
  jsonValue?: boolean;
  /** Called inside data/save's transaction once it wrote an item's body (`db` reads what it wrote). */
  bodySaved?: (db: Db, actor: User, item: DataItem) => void;
  /** Every item needs a data source: an edit may change it, not clear it. */
  needsProvider?: boolean;
  /** Inactive items the owner is still writing (a table's import): they do not exist yet, for moderators too. */
  unfinished?: (item: SQLWrapper) => SQL;
  /** data/get's firstVersion: the item's newest file. */
  firstVersion?: (db: Executor, id: number) => { id: number; type: VersionType; fileName: string; name: string } | null;
  /** Called in remove-forever's transaction before the row goes; the answer runs once it has committed and counts the files removed. */
  removeForever?: (ctx: AppContext, tx: Executor, item: DataItem) => { files: number; afterCommit: () => void };
  /** What the public data page shows of an item of this type (`page` of `rowsPerPage` rows where it pages, words in `locale`). */
  publicPart?: (db: Db, item: DataItem, view: { page: number; rowsPerPage: number; locale: Locale }) => PublicParts | Promise<PublicParts>;
  /** Texts for the full-text index: each item's text as HTML now, and every item that has one (for a rebuild). */
  searchTexts?: { texts: (db: Executor, ids: number[]) => { ref: number; html: string }[]; refs: (db: Executor) => number[] };
}
