import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataItems, dataKeywords, keywords, providers, type User } from "../../../db/schema";
import { invalid } from "../../lib/errors";
import { categoryLimits, requireProjectRole } from "../projects/policy";
import { LIMITS } from "./limits";
import { reachableItems } from "./policy";
import type { DataItemInput } from "./model";
import { fold, hasNonAscii } from "./text-match";

// Providers and keywords: free text, found case-insensitively per project or created.

/**
 * The id of a project's provider or keyword whose text equals `text` ignoring case. The unique
 * index folds ASCII only, so for text of other scripts the project's rows are compared here.
 */
function findFolded(db: Executor, table: typeof providers | typeof keywords, projectId: number, text: string): number | undefined {
  const column = table === providers ? providers.name : keywords.value;
  const exact = db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.projectId, projectId), sql`lower(${column}) = lower(${text.trim()})`))
    .get();
  if (exact || !hasNonAscii(text)) return exact?.id;
  const wanted = fold(text);
  return db
    .select({ id: table.id, text: column })
    .from(table)
    .where(eq(table.projectId, projectId))
    .all()
    .find((row) => fold(row.text) === wanted)?.id;
}

type ProviderInput = DataItemInput["provider"];

/** The provider a save names: by id (must be of the project), by name (created with description '_' if new), or none. */
export function resolveProvider(tx: Executor, projectId: number, input: ProviderInput, path = "body.provider"): number | null | undefined {
  if (input === undefined) return undefined;
  if (input === null) return null;
  if (typeof input === "object" && input.id != null) {
    const found = tx.select({ id: providers.id }).from(providers).where(and(eq(providers.id, input.id), eq(providers.projectId, projectId))).get();
    if (!found) throw invalid([{ path: `${path}.id`, message: "No such provider in this project" }]);
    return found.id;
  }
  const name = (typeof input === "string" ? input : input.name ?? "").trim();
  if (!name) return null;
  if (name.length > LIMITS.providerName) throw invalid([{ path, message: "validation.tooLong", code: "validation.tooLong" }]);
  return findFolded(tx, providers, projectId, name) ?? tx.insert(providers).values({ projectId, name, description: "_" }).returning({ id: providers.id }).get().id;
}

type KeywordsInput = DataItemInput["keywords"];

/** Keyword ids for free-text values: existing ones reused ignoring case, new ones created; duplicates dropped. */
export function resolveKeywords(tx: Executor, projectId: number, input: KeywordsInput, path = "body.keywords"): number[] | undefined {
  if (input === undefined) return undefined;
  if (input === null) return [];
  const ids: number[] = [];
  const seen = new Set<string>();
  input.forEach((entry, i) => {
    const value = (typeof entry === "string" ? entry : entry.value).trim();
    if (!value || seen.has(fold(value))) return;
    if (value.length > LIMITS.keyword) throw invalid([{ path: `${path}.${i}`, message: "validation.tooLong", code: "validation.tooLong" }]);
    seen.add(fold(value));
    const id = findFolded(tx, keywords, projectId, value) ?? tx.insert(keywords).values({ projectId, value }).returning({ id: keywords.id }).get().id;
    if (!ids.includes(id)) ids.push(id);
  });
  return ids;
}

/**
 * The items of a project a member limited to categories may reach, as a subquery of their ids, or
 * undefined for everyone else: their word lists then hold only the words of those items.
 */
function reachableIn(db: Db, actor: User, projectId: number) {
  const reach = reachableItems(categoryLimits(db, actor), projectId);
  return reach && db.select({ id: dataItems.id }).from(dataItems).where(and(eq(dataItems.projectId, projectId), reach));
}

/** provider/get-all-for-project: a project's providers by name, for its members (those of reachable items for a limited one). */
export function providersOfProject(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  const reachable = reachableIn(db, actor, projectId);
  const used = reachable && db.select({ id: dataItems.providerId }).from(dataItems).where(inArray(dataItems.id, reachable));
  return db
    .select({ id: providers.id, name: providers.name, description: providers.description })
    .from(providers)
    .where(and(eq(providers.projectId, projectId), used && inArray(providers.id, used)))
    .orderBy(sql`lower(${providers.name})`, providers.id)
    .all();
}

/** keyword/get-all-for-project: a project's keywords by value, for its members (those of reachable items for a limited one). */
export function keywordsOfProject(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  const reachable = reachableIn(db, actor, projectId);
  const used = reachable && db.select({ id: dataKeywords.keywordId }).from(dataKeywords).where(inArray(dataKeywords.dataId, reachable));
  return db
    .select({ id: keywords.id, value: keywords.value })
    .from(keywords)
    .where(and(eq(keywords.projectId, projectId), used && inArray(keywords.id, used)))
    .orderBy(sql`lower(${keywords.value})`, keywords.id)
    .all();
}
