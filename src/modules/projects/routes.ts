import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { idQuery, projectBody, userProjectBody, userProjectQuery } from "./model";
import {
  createProject, favoriteProjects, getProject, homeProjects, membershipOf, membershipsOf, projectAdmins, projectDetails,
  projectMembers, removeMembership, removeProject, saveMembership, setFavorite, unassignedProjects, updateProject, usersByCategory,
} from "./service";
import { Id } from "../../lib/ids";

const positive = Id();

/** Projects, memberships and favourites: spec 1 and 2's project calls and the users/* ones about projects. */
export const projectRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/project/get", ({ actor, query }) => getProject(ctx.db, actor!, query.id), { access: "USER", query: idQuery })
    .get("/project/get-project-details", ({ actor, query }) => projectDetails(ctx.db, actor!, query.id), { access: "USER", query: idQuery })
    .get("/project/get-project-list", ({ actor, query }) => homeProjects(ctx.db, actor!, query.search), {
      access: "USER",
      query: t.Object({ search: t.Optional(t.String({ maxLength: 200 })) }),
    })
    .post("/project/create", ({ actor, body }) => createProject(ctx, actor!, body), { access: "ADMIN", body: projectBody })
    .post("/project/update", ({ actor, body }) => updateProject(ctx, actor!, body), { access: "ADMIN", body: projectBody })
    .get("/project/remove", ({ actor, query }) => removeProject(ctx, actor!, query.id), { access: "ADMIN", query: idQuery })
    .get("/project/get-user-projects", ({ actor, query }) => membershipsOf(ctx.db, actor!, query.id), { access: "USER", query: idQuery })
    .get("/project/get-all-unassigned", ({ actor, query }) => unassignedProjects(ctx.db, actor!, query.id), { access: "ADMIN", query: idQuery })
    .get("/project/get-users-by-project", ({ actor, query }) => projectMembers(ctx.db, actor!, query.id), { access: "USER", query: idQuery })
    .post("/project/add-user-project", ({ actor, body }) => saveMembership(ctx, actor!, body), { access: "ADMIN", body: userProjectBody })
    .post("/project/remove-user-project", ({ actor, query }) => removeMembership(ctx, actor!, query.id), { access: "ADMIN", query: idQuery })
    .post("/project/add-to-favorites", ({ actor, query }) => setFavorite(ctx.db, actor!, query.id, true), { access: "USER", query: idQuery })
    .post("/project/remove-from-favorites", ({ actor, query }) => setFavorite(ctx.db, actor!, query.id, false), { access: "USER", query: idQuery })
    .get("/project/get-favorite-project-list", ({ actor }) => favoriteProjects(ctx.db, actor!), { access: "USER" })
    .get("/users/get-user-projects", ({ actor }) => membershipsOf(ctx.db, actor!, actor!.id), { access: "USER" })
    .get("/users/get-user-project-by-user", ({ actor, query }) => membershipOf(ctx.db, actor!, query.userId, query.projectId), {
      access: "USER",
      query: userProjectQuery,
    })
    .get("/users/find-by-category", ({ actor, query }) => usersByCategory(ctx.db, actor!, query.dataCategoryId), {
      access: "USER",
      query: t.Object({ dataCategoryId: positive }),
    })
    .get("/users/get-admin-list-by-project", ({ actor, query }) => projectAdmins(ctx.db, actor!, query.projectId), {
      access: "USER",
      query: t.Object({ projectId: positive }),
    });
