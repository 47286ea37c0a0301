import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { projects, userProjects } from "../../../db/schema";

// The project lists every page reads (the home page's projects, the rail's favourites on every page after
// sign-in), prepared once per database: drizzle otherwise builds and SQLite re-prepares each one per request.
const prepare = (db: Db) => {
  const byName = asc(sql`lower(${projects.name})`);
  return {
    memberships: db.select().from(userProjects).where(eq(userProjects.userId, sql.placeholder("userId"))).prepare(),
    everyProject: db.select().from(projects).orderBy(byName).prepare(),
    memberProjects: db
      .select(getTableColumns(projects))
      .from(projects)
      .innerJoin(userProjects, and(eq(userProjects.projectId, projects.id), eq(userProjects.userId, sql.placeholder("userId"))))
      .orderBy(byName)
      .prepare(),
    favorites: db
      .select({ id: projects.id, name: projects.name })
      .from(userProjects)
      .innerJoin(projects, eq(projects.id, userProjects.projectId))
      .where(and(eq(userProjects.userId, sql.placeholder("userId")), eq(userProjects.favorite, true)))
      .orderBy(byName)
      .prepare(),
  };
};

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

export function listQueries(db: Db) {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = prepare(db)));
  return found;
}
