import { t, type Static } from "elysia";
import { DATA_TYPES, type Project, type User } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { userSchema } from "../users/presenter";
import { issueSummarySchema, statusCountsSchema } from "../issues/presenter";
import { timelineSchema, type Timeline } from "./model";
import { integer } from "../../lib/schema";

function parseTimeline(text: string): Timeline {
  try {
    const parsed = JSON.parse(text);
    return { description: String(parsed.description ?? ""), steps: Array.isArray(parsed.steps) ? parsed.steps : [] };
  } catch {
    return { description: "", steps: [] };
  }
}

export const projectSchema = t.Object({
  id: integer(),
  name: t.String(),
  description: t.String(),
  category: t.String(),
  timeline: timelineSchema,
  createdAt: isoDate(),
});

export const presentProject = (project: Project): Static<typeof projectSchema> => ({
  id: project.id,
  name: project.name,
  description: project.description,
  category: project.category,
  timeline: parseTimeline(project.timeline),
  createdAt: project.createdAt,
});

/** Active data items of a project per type. */
export const dataCountsSchema = t.Record(t.Union(DATA_TYPES.map((type) => t.Literal(type))), integer());

/** A project on the home page: with the actor's star, whether they are a member, and its counts. */
export const homeProjectSchema = t.Object({
  ...projectSchema.properties,
  favorite: t.Boolean(),
  member: t.Boolean(),
  numberOfDataByType: dataCountsSchema,
});

/** A member as the project users dialog shows them: no e-mail settings, no secrets. */
export const memberSchema = t.Pick(userSchema, ["id", "firstName", "lastName", "login", "email", "company", "position", "avatar", "role", "isActive"]);

export const presentMember = (user: User): Static<typeof memberSchema> => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  login: user.login,
  email: user.email,
  company: user.company,
  position: user.position,
  avatar: user.avatar,
  role: { groupName: user.role },
  isActive: user.isActive,
});

/** A project page's header: the project, the actor's role in it, its counts and members. */
export const projectDetailsSchema = t.Object({
  project: projectSchema,
  role: t.String(),
  moderator: t.Boolean(),
  favorite: t.Boolean(),
  numberOfDataByType: dataCountsSchema,
  userList: t.Array(memberSchema),
  shortListOfUserTasks: t.Array(issueSummarySchema),
  numberOfIssuesByStatus: statusCountsSchema,
});

const ref = t.Object({ id: integer() });

/** A user's place in a project (the project's name where a list of one user's memberships shows it). */
export const membershipSchema = t.Object({
  id: integer(),
  user: ref,
  project: t.Object({ id: integer(), name: t.Optional(t.String()) }),
  moderator: t.Boolean(),
  favorite: t.Boolean(),
  categoryList: t.Array(ref),
});

/** A member of a project with their flags and categories, for the project users dialog. */
export const projectMemberSchema = t.Object({ ...membershipSchema.properties, user: memberSchema, project: ref });

export const favoriteSchema = t.Object({ id: integer(), favorite: t.Boolean() });
export const projectNameSchema = t.Object({ id: integer(), name: t.String() });
