import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { idQuery, projectBody, projectListQuery, userProjectBody, userProjectQuery } from "./model";
import {
  createProject, favoriteProjects, getProject, homeProjects, membershipOf, membershipsOf, projectAdmins, projectDetails,
  projectMembers, removeMembership, removeProject, saveMembership, setFavorite, unassignedProjects, updateProject, usersByCategory,
} from "./service";
import { addMissingDefaultCategories } from "./default-categories";
import { Id } from "../../lib/ids";
import { answers, idSchema } from "../../lib/responses";
import { integer } from "../../lib/schema";
import {
  favoriteSchema, homeProjectSchema, memberSchema, membershipSchema, projectDetailsSchema, projectMemberSchema, projectNameSchema,
  projectSchema,
} from "./presenter";

const positive = Id();

/** Projects, memberships and favourites: spec 1 and 2's project calls and the users/* ones about projects. */
export const projectRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/project/get", ({ actor, query }) => getProject(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(projectSchema) })
    .get("/project/get-project-details", ({ actor, query }) => projectDetails(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(projectDetailsSchema) })
    .get("/project/get-project-list", ({ actor, query }) => homeProjects(ctx.db, actor, query.search), {
      access: "USER",
      query: projectListQuery,
      response: answers(t.Array(homeProjectSchema)),
    })
    .post("/project/create", ({ actor, body }) => createProject(ctx, actor, body), { access: "ADMIN", body: projectBody, response: answers(projectSchema) })
    .post("/project/update", ({ actor, body }) => updateProject(ctx, actor, body), { access: "ADMIN", body: projectBody, response: answers(projectSchema) })
    .get("/project/remove", ({ actor, query }) => removeProject(ctx, actor, query.id), { access: "ADMIN", query: idQuery, response: answers(idSchema) })
    .get("/project/get-user-projects", ({ actor, query }) => membershipsOf(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(membershipSchema)) })
    .get("/project/get-all-unassigned", ({ actor, query }) => unassignedProjects(ctx.db, actor, query.id), { access: "ADMIN", query: idQuery, response: answers(t.Array(projectSchema)) })
    .get("/project/get-users-by-project", ({ actor, query }) => projectMembers(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(t.Array(projectMemberSchema)) })
    .post("/project/add-user-project", ({ actor, body }) => saveMembership(ctx, actor, body), { access: "ADMIN", body: userProjectBody, response: answers(membershipSchema) })
    .post("/project/remove-user-project", ({ actor, query }) => removeMembership(ctx, actor, query.id), { access: "ADMIN", query: idQuery, response: answers(idSchema) })
    .post("/project/add-to-favorites", ({ actor, query }) => setFavorite(ctx.db, actor, query.id, true), { access: "USER", query: idQuery, response: answers(favoriteSchema) })
    .post("/project/remove-from-favorites", ({ actor, query }) => setFavorite(ctx.db, actor, query.id, false), { access: "USER", query: idQuery, response: answers(favoriteSchema) })
    .get("/project/get-favorite-project-list", ({ actor }) => favoriteProjects(ctx.db, actor), { access: "USER", response: answers(t.Array(projectNameSchema)) })
    .get("/users/get-user-projects", ({ actor }) => membershipsOf(ctx.db, actor, actor.id), { access: "USER", response: answers(t.Array(membershipSchema)) })
    .get("/users/get-user-project-by-user", ({ actor, query }) => membershipOf(ctx.db, actor, query.userId, query.projectId), {
      access: "USER",
      query: userProjectQuery, response: answers(membershipSchema),
    })
    .get("/users/find-by-category", ({ actor, query }) => usersByCategory(ctx.db, actor, query.dataCategoryId), {
      access: "USER",
      query: t.Object({ dataCategoryId: positive }),
      response: answers(t.Array(memberSchema)),
    })
    .get("/users/get-admin-list-by-project", ({ actor, query }) => projectAdmins(ctx.db, actor, query.projectId), {
      access: "USER",
      query: t.Object({ projectId: positive }),
      response: answers(t.Array(memberSchema)),
    })
    .post("/update/set-default-category", ({ actor }) => addMissingDefaultCategories(ctx.db, actor), {
      access: "SYSTEM_ADMIN",
      response: answers(t.Object({ checked: integer(), created: integer() })),
    });
