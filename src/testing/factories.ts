import { categories, dataCategories, dataItems, projects, userProjectCategories, userProjects, type DataItem } from "../../db/schema";
import type { Role } from "../lib/roles";
import type { Cell } from "../modules/tables/cells";
import { appendRows } from "../modules/tables/rows";
import { headerList, urlColumnOf } from "../modules/tables/service";
import type { TestApp } from "./harness";

/**
 * Rows put in directly, for tests of one feature that need another feature's data as their scene
 * (a data test needs a project and members, not the projects API).
 */
export function factories(t: TestApp) {
  const { db } = t;
  const project = (name = "Bridge") => db.insert(projects).values({ name }).returning().get();
  const member = (userId: number, projectId: number, moderator = false) =>
    db.insert(userProjects).values({ userId, projectId, moderator }).returning().get();
  /** Gives a membership categories, as the project users dialog does (a plain member then sees only those). */
  const assignCategories = (userProjectId: number, categoryIds: number[]) => {
    for (const categoryId of categoryIds) db.insert(userProjectCategories).values({ userProjectId, categoryId }).run();
  };
  const category = (projectId: number, values: Partial<typeof categories.$inferInsert> = {}) =>
    db.insert(categories).values({ projectId, name: "Category", ...values }).returning().get();
  const dataItem = (projectId: number, values: Partial<typeof dataItems.$inferInsert> = {}, categoryIds: number[] = []): DataItem => {
    const item = db.insert(dataItems).values({ projectId, name: "Item", dataType: "DOC", ...values }).returning().get();
    for (const categoryId of categoryIds) db.insert(dataCategories).values({ dataId: item.id, categoryId }).run();
    return item;
  };

  /** A TABLE item with its rows, as an import makes it (headers named as given, short rows padded). */
  const table = (projectId: number, { name = "Table", headers, rows, owner, categoryIds = [] }: { name?: string; headers: string[]; rows: Cell[][]; owner?: { id: number }; categoryIds?: number[] }): DataItem => {
    const list = headerList(headers);
    const item = dataItem(projectId, { name, dataType: "TABLE", value: JSON.stringify(list), ownerId: owner?.id ?? null }, categoryIds);
    appendRows(db, item.id, rows.map((row) => list.map((_, i) => row[i] ?? null)), urlColumnOf(list));
    return item;
  };

  /**
   * A project with a plain member, a moderator (a USER with the project's moderator flag), someone
   * outside it (of `outsiderRole`) and an ADMIN who manages every project without being a member.
   */
  async function projectScene({ outsiderRole = "USER" as Role, name = "Bridge" } = {}) {
    const scene = {
      project: project(name),
      member: await t.userWithCookie("USER"),
      moderator: await t.userWithCookie("USER"),
      outsider: await t.userWithCookie(outsiderRole),
      admin: await t.userWithCookie("ADMIN"),
    };
    member(scene.member.user.id, scene.project.id);
    member(scene.moderator.user.id, scene.project.id, true);
    return scene;
  }

  return { project, member, assignCategories, category, dataItem, table, projectScene };
}
