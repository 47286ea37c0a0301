import type { ListedCategory } from "./home-store";

/** The project home's list: an untyped category on its own, a type's categories in one folder placed where its first one is. */
export type Entry = { category: ListedCategory } | { type: string; categories: ListedCategory[] };

export function entriesOf(categories: readonly ListedCategory[]): Entry[] {
  const entries: Entry[] = [];
  const folders = new Map<string, ListedCategory[]>();
  for (const category of categories) {
    if (!category.type) entries.push({ category });
    else if (folders.has(category.type)) folders.get(category.type)!.push(category);
    else {
      const list = [category];
      folders.set(category.type, list);
      entries.push({ type: category.type, categories: list });
    }
  }
  return entries;
}

/** The categories in display order: untyped ones and folders as listed, a folder's in its order. */
export const categoriesOf = (entries: readonly Entry[]) => entries.flatMap((entry) => ("category" in entry ? [entry.category] : entry.categories));

/** Numbers 1..n in display order, as category/save-all takes them. */
export const orderOf = (entries: readonly Entry[]) => categoriesOf(entries).map((category, i) => ({ id: category.id, number: i + 1 }));

export const entryKey = (entry: Entry) => ("category" in entry ? String(entry.category.id) : `type:${entry.type}`);

/** The entries with one folder's categories replaced (`type`), or the top level's order (no type). */
export function withList(entries: readonly Entry[], type: string | null, list: Entry[] | ListedCategory[]): Entry[] {
  if (type === null) return list as Entry[];
  return entries.map((entry) => ("type" in entry && entry.type === type ? { type, categories: list as ListedCategory[] } : entry));
}

/** The entries after `id` is gone; a folder left empty goes too. */
export function without(entries: readonly Entry[], id: number): Entry[] {
  return entries.flatMap((entry): Entry[] => {
    if ("category" in entry) return entry.category.id === id ? [] : [entry];
    const categories = entry.categories.filter((c) => c.id !== id);
    return categories.length ? [{ type: entry.type, categories }] : [];
  });
}

/** The entries with `copy` right after `original`, in the same list. */
export function withCopy(entries: readonly Entry[], original: ListedCategory, copy: ListedCategory): Entry[] {
  return entries.flatMap((entry): Entry[] => {
    if ("category" in entry) return entry.category.id === original.id ? [entry, { category: copy }] : [entry];
    return [{ type: entry.type, categories: entry.categories.flatMap((c) => (c.id === original.id ? [c, copy] : [c])) }];
  });
}
