/** A project member as the users dialog shows them. */
export interface Member {
  /** The membership's id. */
  id: number;
  moderator: boolean;
  categoryIds: number[];
  user: { id: number; firstName: string; lastName: string; company: string | null; position: string | null; avatar: string | null; role: string };
}

/** Members by company, companies in the locale's order and the company-less last; members by first then last name. */
export function groupMembers(members: readonly Member[], locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  const byCompany = new Map<string, Member[]>();
  for (const member of members) {
    const company = member.user.company?.trim() ?? "";
    byCompany.set(company, [...(byCompany.get(company) ?? []), member]);
  }
  return [...byCompany.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : collator.compare(a, b)))
    .map(([company, list]) => ({
      company,
      members: list.sort((a, b) => collator.compare(a.user.firstName, b.user.firstName) || collator.compare(a.user.lastName, b.user.lastName)),
    }));
}

export interface TreeCategory {
  id: number;
  name: string;
  type: string | null;
}

/** The membership's category tree: untyped categories flat, typed ones under their type (a type with one category flat). */
export type TreeNode = { category: TreeCategory } | { type: string; children: TreeCategory[] };

export function categoryTree(categories: readonly TreeCategory[]): TreeNode[] {
  const types = new Map<string, TreeCategory[]>();
  for (const category of categories) types.set(category.type ?? "", [...(types.get(category.type ?? "") ?? []), category]);
  return [...types.entries()].flatMap(([type, list]): TreeNode[] => (!type || list.length === 1 ? list.map((category) => ({ category })) : [{ type, children: list }]));
}
